import Bindery

/// A column of a store table, mapped to a property of the model class: its values are read from the
/// property when saving and written to it when fetching.
///
/// ```swift
/// StoreColumn("first_name", \Person.firstName)
/// ```
public struct StoreColumn<Model: AnyObject>: @unchecked Sendable {
  /// The column's name in the table.
  public let name: String
  /// The property the column holds.
  public let keyPath: PartialKeyPath<Model>
  /// The column's type.
  public let type: StoreColumnType
  /// Whether the column admits `NULL` (the property is optional).
  public let admitsNull: Bool
  /// The property's value, as the store keeps it.
  let read: (Model) -> StoreValue
  /// Writes a stored value to the property; `false` when it is of another kind.
  let write: (Model, StoreValue) -> Bool
  /// A value a binding is about to write, as the store would keep it; `nil` for another type.
  let convert: (Any?) -> StoreValue?
  /// Observes the property: the handler gets each new value.
  let observe: (Model, @escaping (StoreValue) -> Void) -> KeyValueObservation

  /// Maps the column `name` to the property at `keyPath`.
  public init<Value: StoreColumnValue>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Model, Value>) {
    self.name = name
    self.keyPath = keyPath
    self.type = Value.columnType
    self.admitsNull = Value.admitsNull
    self.read = { $0[keyPath: keyPath].storeValue }
    self.write = { model, stored in
      guard let value = Value(storeValue: stored) else { return false }
      model[keyPath: keyPath] = value
      return true
    }
    self.convert = { value in
      if let value = value as? Value { return value.storeValue }
      if value == nil, Value.admitsNull { return .null }
      return nil
    }
    self.observe = { model, handler in
      Bindery.observe(model, keyPath) { change in handler(change.newValue.storeValue) }
    }
  }
}
