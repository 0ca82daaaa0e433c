/// How a binding reads, and may write, its source: a typed key path, or a string key path resolved to
/// typed steps at bind time.
@usableFromInline
struct SourcePath<Source: AnyObject, Value> {
  /// For paths that are not key paths: reads the value.
  @usableFromInline
  let readValue: ((Source) -> Value)?
  /// The typed key path, when the path is one.
  @usableFromInline
  let keyPath: KeyPath<Source, Value>?
  /// For paths that are not key paths: writes a value back (`nil` when the path cannot be written).
  @usableFromInline
  let write: ((Value, Source) -> Void)?
  /// For paths that are not key paths: asks the object that would be written to validate the value.
  @usableFromInline
  let validate: ((Value, Source) throws -> Void)?
  /// The path as text, for descriptions: of paths that are not key paths, and of string key paths
  /// bound as Swift key paths (described as written).
  @usableFromInline
  var text: String?

  @inlinable
  init(_ keyPath: KeyPath<Source, Value>) {
    self.readValue = nil
    self.keyPath = keyPath
    self.write = nil
    self.validate = nil
    self.text = nil
  }

  @inlinable
  init(
    text: String,
    read: @escaping (Source) -> Value,
    write: ((Value, Source) -> Void)?,
    validate: ((Value, Source) throws -> Void)?
  ) {
    self.readValue = read
    self.keyPath = nil
    self.write = write
    self.validate = validate
    self.text = text
  }

  /// Reads the value (with tracked reads, when a tracking evaluation runs): through the key path, or
  /// the path's reader (a key path is kept as it is: no closure is made per binding to apply it).
  @inlinable
  func read(_ source: Source) -> Value {
    if let keyPath { return source[keyPath: keyPath] }
    return readValue.unsafelyUnwrapped(source)
  }
}
