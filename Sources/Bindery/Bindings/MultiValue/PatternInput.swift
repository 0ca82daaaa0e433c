/// One value of a pattern binding: a key path of a source object, shown as text.
///
/// ```swift
/// label.bind(\.text, to: try .pattern("%{value1}@ of %{value2}@", .keyPath(book, \.title), .keyPath(book, \.author)))
/// ```
public struct PatternInput {
  let source: AnyObject
  let keyPath: AnyKeyPath?
  /// What a binding's description shows for an input that is not a key path (an expression's text).
  let name: String?
  /// Reads the value as text; `nil` when the source is gone.
  let read: () -> String?

  init(source: AnyObject, keyPath: AnyKeyPath, read: @escaping () -> String?) {
    self.source = source
    self.keyPath = keyPath
    self.name = nil
    self.read = read
  }

  /// An input read by `read` (with tracked reads, so the binding follows what it reads), shown as
  /// `name` in the binding's description: how other modules (expressions) make inputs.
  package init(source: AnyObject, named name: String, read: @escaping () -> String?) {
    self.source = source
    self.keyPath = nil
    self.name = name
    self.read = read
  }

  /// The value at `keyPath` of `source`, as text (`nil` shows as nothing, optionals unwrapped).
  public static func keyPath<Source: AnyObject, Value>(_ source: Source, _ keyPath: KeyPath<Source, Value>) -> Self {
    PatternInput(source: source, keyPath: keyPath) { [weak source] in
      source.map { displayText($0[keyPath: keyPath]) }
    }
  }

  /// The value at `keyPath` of `source`, converted to text by `transformer`.
  public static func keyPath<Source: AnyObject, Transformer: BindingTransformer>(
    _ source: Source,
    _ keyPath: KeyPath<Source, Transformer.Input>,
    converted transformer: Transformer
  ) -> Self where Transformer.Output == String {
    PatternInput(source: source, keyPath: keyPath) { [weak source] in
      source.map { transformer.transform($0[keyPath: keyPath]) }
    }
  }
}

/// A value as a user would read it: `nil` as nothing, optionals unwrapped, strings as they are.
package func displayText(_ value: Any?) -> String {
  guard let value, !isNilValue(value) else { return "" }
  if let text = value as? String { return text }
  if let optional = value as? any _AnyOptional, let unwrapped = optional._unwrapped { return displayText(unwrapped) }
  return String(describing: value)
}
