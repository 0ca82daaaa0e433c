/// A class whose properties can be reached by name (key-value coding, typed): the name of each
/// property maps to its key path.
///
/// `@KeyValueObservable` conforms a class and lists its stored and computed instance properties
/// (not the private ones). A hand-written conformance lists its own:
///
/// ```swift
/// final class Counter: KeyValueObservable, KeyValueCoding {
///   class var keyValueKeys: KeyValueKeyTable {
///     KeyValueKeyTable(Counter.self, keys: [KeyValueKey("value", \Counter.value)])
///   }
/// }
/// let path = try KeyValuePath("person.firstName", in: PersonController.self)
/// ```
public protocol KeyValueCoding: AnyObject {
  /// The properties that can be reached by name, superclasses' included.
  static var keyValueKeys: KeyValueKeyTable { get }
}

/// One property that can be reached by name: its name and its key path.
public struct KeyValueKey: @unchecked Sendable, CustomStringConvertible {
  /// The property's name.
  public let name: String
  /// The property's key path; a `ReferenceWritableKeyPath` when the property can be written.
  public let keyPath: AnyKeyPath

  /// Whether the property may only be read by name, though its key path could write it (a
  /// `private(set)` property: its key path is formed where the setter is visible).
  public let isReadOnly: Bool

  /// The same property reached through an optional of its class (`\Person?.?.firstName`), when the
  /// key was given one: a string path through an optional property (`"person.firstName"`) is then
  /// joined into one Swift key path (`\.person?.firstName`) and bound as a typed key path is.
  public let throughOptional: AnyKeyPath?

  /// The property's getter, called directly by bindings that evaluate a chain through this property.
  @usableFromInline
  let reader: KeyValueReader?

  /// Creates a key for the property at `keyPath`; `throughOptional` is the same property reached
  /// through an optional of its class (`\Person?.?.firstName`), and `read` its getter
  /// (`{ $0.firstName }`), as `@KeyValueObservable` gives them: a binding to a chain of such
  /// properties ending in a computed one calls the getters instead of applying its key path.
  @inlinable
  public init<Root, Value>(
    _ name: String, _ keyPath: KeyPath<Root, Value>, throughOptional: KeyPath<Root?, Value?>? = nil,
    read: ((Root) -> Value)? = nil
  ) {
    self.init(
      name, keyPath, throughOptional: throughOptional as AnyKeyPath?, isReadOnly: false,
      reader: read.flatMap { KeyValueReader.make($0) })
  }

  /// Creates a key for an optional property, with the same property reached through an optional of
  /// its class (`\Person?.?.nickname`, whose value is flattened to one optional) and its getter.
  @inlinable
  public init<Root, Wrapped>(
    _ name: String, _ keyPath: KeyPath<Root, Wrapped?>, throughOptional: KeyPath<Root?, Wrapped?>,
    read: ((Root) -> Wrapped?)? = nil
  ) {
    self.init(
      name, keyPath, throughOptional: throughOptional as AnyKeyPath, isReadOnly: false,
      reader: read.flatMap { KeyValueReader.make(optional: $0) })
  }

  /// Creates a key for a property that may only be read by name (`private(set)`).
  @inlinable
  public init<Root, Value>(
    _ name: String, readOnly keyPath: KeyPath<Root, Value>, throughOptional: KeyPath<Root?, Value?>? = nil,
    read: ((Root) -> Value)? = nil
  ) {
    self.init(
      name, keyPath, throughOptional: throughOptional as AnyKeyPath?, isReadOnly: true,
      reader: read.flatMap { KeyValueReader.make($0) })
  }

  /// Creates a key for an optional property that may only be read by name (`private(set)`).
  @inlinable
  public init<Root, Wrapped>(
    _ name: String, readOnly keyPath: KeyPath<Root, Wrapped?>, throughOptional: KeyPath<Root?, Wrapped?>,
    read: ((Root) -> Wrapped?)? = nil
  ) {
    self.init(
      name, keyPath, throughOptional: throughOptional as AnyKeyPath, isReadOnly: true,
      reader: read.flatMap { KeyValueReader.make(optional: $0) })
  }

  @usableFromInline
  init(
    _ name: String, _ keyPath: AnyKeyPath, throughOptional: AnyKeyPath?, isReadOnly: Bool, reader: KeyValueReader?
  ) {
    self.reader = reader
    self.name = name
    self.keyPath = keyPath
    self.throughOptional = throughOptional
    self.isReadOnly = isReadOnly
  }

  /// The type of the property's value.
  public var valueType: Any.Type { type(of: keyPath).valueType }

  /// Whether the property can be written.
  public var isWritable: Bool { !isReadOnly && keyPath is any _BinderyReferenceWritable }

  /// `name: Type`.
  public var description: String { "\(name): \(valueType)" }

  /// Whether `value` has the property's type (so ``write(_:to:)`` would write it).
  public func accepts(_ value: Any) -> Bool {
    guard !isReadOnly else { return false }
    return (keyPath as? any _BinderyReferenceWritable)?._bindery_accepts(value) ?? false
  }

  /// Writes `value` to the property of `object`; returns `false`, writing nothing, when the property
  /// cannot be written or `value` or `object` has another type.
  @discardableResult
  public func write(_ value: Any, to object: AnyObject) -> Bool {
    guard !isReadOnly else { return false }
    return (keyPath as? any _BinderyReferenceWritable)?._bindery_write(value, to: object) ?? false
  }

  /// Reads the property of `object` (`nil` when `object` has another type).
  public func read(from object: AnyObject) -> Any? {
    (object as Any)[keyPath: keyPath]
  }
}

/// The keys of a class, in declaration order, its superclasses' first.
public struct KeyValueKeyTable: @unchecked Sendable {
  /// The class.
  public let type: Any.Type
  /// Every key, superclasses' first.
  public let keys: [KeyValueKey]
  /// The position of each key in ``keys``, by name.
  private let positions: [String: Int]

  /// Creates a table for `type`, after the keys of its superclass's table (a key of `type` replaces
  /// the superclass's key of the same name).
  public init(_ type: Any.Type, keys: [KeyValueKey], inheriting superclassKeys: KeyValueKeyTable? = nil) {
    self.type = type
    let own = Set(keys.map(\.name))
    let inherited = superclassKeys?.keys ?? []
    self.keys = inherited.filter { !own.contains($0.name) } + keys
    var positions: [String: Int] = [:]
    positions.reserveCapacity(self.keys.count)
    for (position, key) in self.keys.enumerated() where positions[key.name] == nil { positions[key.name] = position }
    self.positions = positions
  }

  /// The key named `name` (a dictionary lookup).
  public func key(named name: String) -> KeyValueKey? {
    positions[name].map { keys[$0] }
  }

  /// The names closest to `name` (for "did you mean" messages), closest first.
  public func closestNames(to name: String, limit: Int = 3) -> [String] {
    Self.closestNames(to: name, among: keys.map(\.name), limit: limit)
  }

  /// The names of `candidates` closest to `name`, closest first; none for a name longer than 64
  /// characters (no typo of a key is that long, and comparing it would cost its length times each
  /// candidate's).
  package static func closestNames(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
    guard name.utf8.count <= 64 else { return [] }
    let lowered = name.lowercased()
    let scored = candidates.map { candidate -> (String, Int) in
      (candidate, EditDistance.between(lowered, candidate.lowercased()))
    }
    let threshold = max(2, name.count / 3)
    return scored.filter { $0.1 <= threshold }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
  }
}

extension KeyValueKeyTable {
  private static let cache = Locked<[ObjectIdentifier: KeyValueKeyTable]>([:])

  /// The getter of the property `keyPath` names, when `Root` is a class with a key table that has
  /// a key for that key path and its getter: what reads the property with plain calls instead of
  /// Swift's key path runtime (a sort of 100,000 objects reads 100,000 values). `nil` otherwise.
  @usableFromInline
  package static func getter<Root, Value>(of keyPath: KeyPath<Root, Value>) -> ((Root) -> Value)? {
    guard Root.self is AnyObject.Type, let type = Root.self as? any KeyValueCoding.Type,
      let key = of(type).keys.first(where: { $0.keyPath == keyPath }), let read = key.reader?.read(as: Value.self)
    else { return nil }
    return { read(unsafeBitCast($0, to: AnyObject.self)) }
  }

  /// The table of `type`, built once per type (a class's table never changes).
  public static func of(_ type: any KeyValueCoding.Type) -> KeyValueKeyTable {
    let id = ObjectIdentifier(type)
    if let table = cache.withLock({ $0[id] }) { return table }
    let table = type.keyValueKeys
    cache.withLock { $0[id] = table }
    return table
  }
}

/// Levenshtein distance, for suggestions.
enum EditDistance {
  static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
