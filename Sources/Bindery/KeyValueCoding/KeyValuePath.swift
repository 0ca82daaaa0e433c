/// A dotted string key path (`"person.firstName"`, `"people.@sum.age"`), resolved once, against a
/// class's key table, into typed steps.
///
/// Resolution fails at once, with the column of the key at fault, when a key is unknown (the
/// message names the type and its closest keys) or follows a value that has no keys. Optional
/// properties on the way are followed like `?.` in Swift: when one is `nil`, the path is not
/// applicable. To-many properties take the collection operators `@count`, `@sum.key`, `@avg.key`,
/// `@min.key` and `@max.key`.
///
/// ```swift
/// let path = try KeyValuePath("person.firstName", in: PersonController.self)
/// path.valueType             // Optional<String>: `person` may be nil
/// path.isWritable            // true
/// path.resolve(in: controller)  // .value("Ada"), or .notApplicable when person is nil
/// ```
public struct KeyValuePath: @unchecked Sendable, CustomStringConvertible {
  /// The path as written.
  public let text: String
  /// The class the path starts from.
  public let rootType: any KeyValueCoding.Type
  /// The type of the path's value; optional when an optional property on the way may stop it.
  public let valueType: Any.Type
  /// Whether a value can be written through the path: every step is a property and the last one can
  /// be written.
  public let isWritable: Bool
  /// Whether an optional property on the way may stop the path (``Resolution/notApplicable``).
  public let mayBeNotApplicable: Bool
  let steps: [Step]

  enum Step {
    /// A property; `unwraps` when its optional value is followed further.
    case key(KeyValueKey, unwraps: Bool)
    /// `@count` of the to-many value before.
    case count
    /// `@sum`, `@avg`, `@min`, `@max` of a key of each element of the to-many value before.
    case aggregate(CollectionOperator, KeyValueKey)
  }

  /// Whether the last key reads a ``MarkedValue`` (a selection's common value, such as an array
  /// controller's `selection.firstName`): the path's ``valueType`` is then the marked value's type,
  /// reading gives ``Resolution/marker(_:)`` for a marker, and writing wraps the value.
  public let isMarked: Bool

  /// What a path reads on an object.
  public enum Resolution {
    /// The value (itself `nil` when the last property is `nil`).
    case value(Any)
    /// An optional property on the way is `nil`.
    case notApplicable
    /// The last key reads a marker instead of a value (no selection, multiple values).
    case marker(BindingMarker)
  }

  /// Resolves `text` against the keys of `rootType`.
  ///
  /// - Parameters:
  ///   - text: The dotted path.
  ///   - rootType: The class the path starts from.
  ///   - columnOffset: Added to the columns of errors, when the path is part of a longer text.
  /// - Throws: ``KeyValueCodingError`` naming the key at fault and its column.
  public init(_ text: String, in rootType: any KeyValueCoding.Type, columnOffset: Int = 0) throws(KeyValueCodingError) {
    self.text = text
    self.rootType = rootType
    let components = Self.split(text, columnOffset: columnOffset)
    guard components.count <= Self.maximumKeyCount else {
      throw .pathTooLong(path: text, limit: Self.maximumKeyCount, column: components[Self.maximumKeyCount].1)
    }
    var steps: [Step] = []
    var currentType: any KeyValueCoding.Type = rootType
    var optionalOnTheWay = false
    var leafType: Any.Type = rootType
    var isMarkedLeaf = false
    var index = 0
    while index < components.count {
      let (name, column) = components[index]
      guard !name.isEmpty else { throw .emptyKey(path: text, column: column) }
      if name.hasPrefix("@") {
        throw .invalidCollectionOperator(
          path: text, reason: "\(name) must follow a to-many property", column: column)
      }
      guard Self.isIdentifier(name) else {
        throw .unknownKey(type: String(describing: currentType), key: name, suggestions: [], column: column)
      }
      let table = KeyValueKeyTable.of(currentType)
      guard let key = table.key(named: name) else {
        throw .unknownKey(
          type: String(describing: currentType), key: name, suggestions: table.closestNames(to: name), column: column)
      }
      index += 1
      guard index < components.count else {
        steps.append(.key(key, unwraps: false))
        leafType = key.valueType
        if let marked = leafType as? any _AnyMarkedValue.Type {
          leafType = marked._valueType
          isMarkedLeaf = true
        }
        break
      }
      var valueType = key.valueType
      var unwraps = false
      if let optional = valueType as? any _AnyOptional.Type {
        valueType = optional._wrappedType
        unwraps = true
        optionalOnTheWay = true
      }
      steps.append(.key(key, unwraps: unwraps))
      let (next, nextColumn) = components[index]
      if next.hasPrefix("@") {
        let (step, type, consumed) = try Self.collectionStep(
          next, column: nextColumn, over: valueType, rest: components[(index + 1)...], path: text)
        steps.append(step)
        leafType = type
        index += consumed
        guard index == components.count else {
          throw .invalidCollectionOperator(
            path: text, reason: "nothing may follow \(next)", column: components[index].1)
        }
        break
      }
      guard let nextType = valueType as? any KeyValueCoding.Type else {
        throw .notAnObject(type: String(describing: valueType), key: next, column: nextColumn)
      }
      currentType = nextType
    }
    self.steps = steps
    self.isMarked = isMarkedLeaf
    self.mayBeNotApplicable = optionalOnTheWay
    self.valueType =
      optionalOnTheWay && !RuntimeTypes.isOptional(leafType) ? RuntimeTypes.optional(of: leafType) : leafType
    if case .key(let last, _)? = steps.last {
      self.isWritable = last.isWritable
    } else {
      self.isWritable = false
    }
  }

  /// `text`, for messages.
  public var description: String { text }

  /// The most keys a path may have (collection operators included): a path from a file or a user
  /// cannot make an observation of more steps than this.
  public static let maximumKeyCount = 64

  /// Checks, without binding anything, that a property of type `Value` can be bound to this path
  /// (the check a spec file's binding makes; a string key path ``BindingSource`` also lets a path that
  /// may be `nil` feed a property that may not).
  ///
  /// - Parameters:
  ///   - type: The type of the property.
  ///   - hasNullPlaceholder: Whether the binding would have a null placeholder.
  /// - Throws: ``KeyValueCodingError/typeMismatch(path:pathType:expected:)``.
  package func checkBindable<Value>(to type: Value.Type, hasNullPlaceholder: Bool = false) throws(KeyValueCodingError) {
    try KeyValueSourceAccess<Never, Value>.check(path: self, hasNullPlaceholder: hasNullPlaceholder)
  }

  /// The path as one Swift key path, when every step is a property (so the typed machinery, and its
  /// fast paths, can bind it): `"person.firstName"` is `\.person?.firstName` when `person` is
  /// optional. `nil` for a marked path, whose Swift key path reads the ``MarkedValue`` rather than
  /// ``valueType``, and for a path through an optional property whose later keys were given no key
  /// path through an optional (``KeyValueKey/throughOptional``).
  package var composedKeyPath: AnyKeyPath? {
    guard !isMarked else { return nil }
    // A read-only key's Swift key path could write: the typed machinery would bind it both ways.
    if case .key(let last, _)? = steps.last, last.isReadOnly { return nil }
    var composed: AnyKeyPath?
    for step in steps {
      guard case .key(let key, _) = step else { return nil }
      guard let current = composed else {
        composed = key.keyPath
        continue
      }
      // After an optional property, every later key is reached through an optional, as after `?.`.
      guard let next = KeyPathChain.step(after: current, keyPath: key.keyPath, throughOptional: key.throughOptional),
        let appended = KeyPathChain.appending(current, next)
      else { return nil }
      composed = appended
    }
    return composed
  }

  /// The path's read as a typed function, when the path is one property of the root's class, read
  /// as `Value` (its exact type), with a getter in its key (``KeyValueKey/init(_:_:throughOptional:read:)``):
  /// the getter is called on the object, with no key path applied and no value boxed. The read is
  /// tracked like any other. `nil` for any other path, which ``resolve(in:)`` reads.
  package func directRead<Value>(as type: Value.Type) -> ((AnyObject) -> Value)? {
    guard !isMarked, steps.count == 1, case .key(let key, unwraps: false) = steps[0] else { return nil }
    return key.reader?.read(as: Value.self)
  }

  // MARK: Reading and writing

  /// Reads the path on `root` (with tracked reads, when an evaluation is tracking).
  public func resolve(in root: AnyObject) -> Resolution {
    var current: Any = root
    for step in steps {
      switch step {
      case .key(let key, let unwraps):
        guard let value = current[keyPath: key.keyPath] else { return .notApplicable }
        if unwraps {
          guard let optional = value as? any _AnyOptional, let wrapped = optional._unwrapped else {
            return .notApplicable
          }
          current = wrapped
        } else {
          current = value
        }
      case .count:
        guard let array = current as? any _AnyArray else { return .notApplicable }
        current = array._elements.count
      case .aggregate(let operation, let key):
        guard let array = current as? any _AnyArray else { return .notApplicable }
        current = operation.apply(to: array._elements, key: key)
      }
    }
    if isMarked, let marked = current as? any _AnyMarkedValue {
      if let marker = marked._marker { return .marker(marker) }
      // The value itself (a `nil` department stays one `nil`, not a `nil` wrapped in an `Any?`).
      if let value = marked._value { return .value(value) }
    }
    return .value(current)
  }

  /// The object whose property the last step reads, and that property's key, when the path resolves
  /// that far and ends with a property.
  public func leaf(in root: AnyObject) -> (object: AnyObject, key: KeyValueKey)? {
    guard case .key(let last, _)? = steps.last else { return nil }
    var current: Any = root
    for step in steps.dropLast() {
      guard case .key(let key, let unwraps) = step, let value = current[keyPath: key.keyPath] else { return nil }
      if unwraps {
        guard let optional = value as? any _AnyOptional, let wrapped = optional._unwrapped else { return nil }
        current = wrapped
      } else {
        current = value
      }
    }
    guard type(of: current) is AnyClass else { return nil }
    return (current as AnyObject, last)
  }

  /// Writes `value` through the path.
  ///
  /// - Returns: `false` when the path does not resolve to its last object now (nothing is written).
  /// - Throws: ``KeyValueCodingError/wrongValueType(path:expected:got:)`` when `value` does not have the
  ///   last property's type; nothing is written.
  @discardableResult
  public func write(_ value: Any, in root: AnyObject) throws(KeyValueCodingError) -> Bool {
    guard isWritable, let (object, key) = leaf(in: root),
      let writable = key.keyPath as? any _BinderyReferenceWritable
    else { return false }
    var value = value
    if isMarked, let marked = key.valueType as? any _AnyMarkedValue.Type, let wrapped = marked._wrapping(value) {
      value = wrapped
    }
    guard writable._bindery_write(value, to: object) else {
      throw .wrongValueType(path: text, expected: String(describing: key.valueType), got: "\(type(of: value))")
    }
    return true
  }

  // MARK: Parsing

  /// The keys of `text` and their columns (from 1, plus `columnOffset`).
  static func split(_ text: String, columnOffset: Int) -> [(String, Int)] {
    var components: [(String, Int)] = []
    var current = ""
    var start = 1
    var column = 1
    for character in text {
      if character == "." {
        // Past the limit the rest is not split: the path is refused anyway.
        guard components.count <= maximumKeyCount else { return components }
        components.append((current, start + columnOffset))
        current = ""
        start = column + 1
      } else {
        current.append(character)
      }
      column += 1
    }
    components.append((current, start + columnOffset))
    return components
  }

  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.first, first.isLetter || first == "_" else { return false }
    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
  }

  private static func collectionStep(
    _ name: String,
    column: Int,
    over valueType: Any.Type,
    rest: ArraySlice<(String, Int)>,
    path: String
  ) throws(KeyValueCodingError) -> (Step, Any.Type, Int) {
    guard let array = valueType as? any _AnyArray.Type else {
      throw .invalidCollectionOperator(
        path: path, reason: "\(name) needs a to-many property, not a \(valueType)", column: column)
    }
    guard let operation = CollectionOperator(rawValue: String(name.dropFirst())) else {
      throw .invalidCollectionOperator(
        path: path, reason: "unknown collection operator \(name) (use @count, @sum, @avg, @min, @max)",
        column: column)
    }
    if operation == .count { return (.count, Int.self, 1) }
    guard let (keyName, keyColumn) = rest.first else {
      throw .invalidCollectionOperator(path: path, reason: "\(name) needs a key after it", column: column)
    }
    guard let elementType = array._elementType as? any KeyValueCoding.Type else {
      throw .invalidCollectionOperator(
        path: path, reason: "\(name) needs objects with keys, not \(array._elementType)", column: column)
    }
    let table = KeyValueKeyTable.of(elementType)
    guard let key = table.key(named: keyName) else {
      throw .unknownKey(
        type: String(describing: elementType), key: keyName, suggestions: table.closestNames(to: keyName),
        column: keyColumn)
    }
    guard let resultType = operation.resultType(for: key.valueType) else {
      throw .invalidCollectionOperator(
        path: path, reason: "\(name) cannot combine values of type \(key.valueType)", column: keyColumn)
    }
    return (.aggregate(operation, key), resultType, 2)
  }
}
