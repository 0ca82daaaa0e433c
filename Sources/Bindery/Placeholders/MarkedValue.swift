/// A value or a marker saying why there is none: what a source path such as a controller's
/// `selection.firstName` produces.
///
/// Bind to a `KeyPath<Source, MarkedValue<Value>>` like to any other path: values reach the target
/// (through the transformer, if any), markers become the binding's placeholders. A user edit is written
/// back as ``value(_:)``.
///
/// ```swift
/// final class Selection {
///   var people: [Person] = []
///   var firstName: MarkedValue<String> {
///     guard let first = people.first else { return .marker(.noSelection) }
///     return people.allSatisfy { $0.firstName == first.firstName } ? .value(first.firstName) : .marker(.multipleValues)
///   }
/// }
/// field.bind(\.text, to: .marked(selection, \.firstName).placeholders(.init(multipleValues: "Multiple Values")))
/// ```
public enum MarkedValue<Value> {
  /// A value.
  case value(Value)
  /// No value, and why.
  case marker(BindingMarker)

  /// The value, or `nil` for a marker.
  public var value: Value? {
    if case .value(let value) = self { value } else { nil }
  }

  /// The marker, or `nil` for a value.
  public var marker: BindingMarker? {
    if case .marker(let marker) = self { marker } else { nil }
  }
}

extension MarkedValue: Equatable where Value: Equatable {}
extension MarkedValue: Hashable where Value: Hashable {}
extension MarkedValue: Sendable where Value: Sendable {}

/// `MarkedValue`, seen from code that knows its type only at run time (string key paths whose last
/// key is a selection's common value).
protocol _AnyMarkedValue {
  /// The type of the values.
  static var _valueType: Any.Type { get }
  /// Wraps `value` as ``MarkedValue/value(_:)``, when it has the value type.
  static func _wrapping(_ value: Any) -> Any?
  /// The marker, or `nil` for a value.
  var _marker: BindingMarker? { get }
  /// The value, or `nil` for a marker.
  var _value: Any? { get }
}

extension MarkedValue: _AnyMarkedValue {
  static var _valueType: Any.Type { Value.self }

  static func _wrapping(_ value: Any) -> Any? {
    if let value = value as? Value { return Self.value(value) }
    if let optional = value as? any _AnyOptional, optional._isNil,
      let none = RuntimeTypes.none(as: Value.self)
    {
      return Self.value(none)
    }
    return nil
  }

  var _marker: BindingMarker? { marker }
  var _value: Any? { value.map { $0 as Any } }
}
