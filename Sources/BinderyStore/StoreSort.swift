public import BinderyControllers

/// An order of fetched rows by one property: the store orders the fetch by its column, and the
/// controller keeps new and edited objects in the same order.
public struct StoreSort<Model: AnyObject>: @unchecked Sendable {
  /// The property.
  public let keyPath: PartialKeyPath<Model>
  /// Whether smaller values come first.
  public let isAscending: Bool
  /// The same order, for the controller's arrangement.
  public let arrangement: ArrangementSort<Model>

  /// Smaller values first.
  public static func ascending<Value: StoreColumnValue & Comparable>(_ keyPath: KeyPath<Model, Value>) -> Self {
    Self(keyPath: keyPath, isAscending: true, arrangement: .ascending(keyPath))
  }

  /// Greater values first.
  public static func descending<Value: StoreColumnValue & Comparable>(_ keyPath: KeyPath<Model, Value>) -> Self {
    Self(keyPath: keyPath, isAscending: false, arrangement: .descending(keyPath))
  }
}
