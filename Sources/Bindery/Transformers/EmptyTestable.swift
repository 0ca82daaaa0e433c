/// A value that can be empty: a string, a collection, or an optional of one (`nil` is empty).
public protocol EmptyTestable {
  /// Whether the value is empty (or `nil`).
  var isEmptyValue: Bool { get }
}

extension String: EmptyTestable {
  /// Whether the string has no characters.
  public var isEmptyValue: Bool { isEmpty }
}

extension Substring: EmptyTestable {
  /// Whether the substring has no characters.
  public var isEmptyValue: Bool { isEmpty }
}

extension Array: EmptyTestable {
  /// Whether the array has no elements.
  public var isEmptyValue: Bool { isEmpty }
}

extension ContiguousArray: EmptyTestable {
  /// Whether the array has no elements.
  public var isEmptyValue: Bool { isEmpty }
}

extension Set: EmptyTestable {
  /// Whether the set has no elements.
  public var isEmptyValue: Bool { isEmpty }
}

extension Dictionary: EmptyTestable {
  /// Whether the dictionary has no entries.
  public var isEmptyValue: Bool { isEmpty }
}

extension Optional: EmptyTestable where Wrapped: EmptyTestable {
  /// `nil` is empty; otherwise, whether the wrapped value is.
  public var isEmptyValue: Bool { self?.isEmptyValue ?? true }
}
