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

  /// Creates a key for the property at `keyPath`.
  public init<Root, Value>(_ name: String, _ keyPath: KeyPath<Root, Value>) {
    self.name = name
    self.keyPath = keyPath
  }

  /// The type of the property's value.
  public var valueType: Any.Type { type(of: keyPath).valueType }

  /// Whether the property can be written.
  public var isWritable: Bool { keyPath is any _BinderyReferenceWritable }

  /// `name: Type`.
  public var description: String { "\(name): \(valueType)" }
}

/// The keys of a class, in declaration order, its superclasses' first.
public struct KeyValueKeyTable: @unchecked Sendable {
  /// The class.
  public let type: Any.Type
  /// Every key, superclasses' first.
  public let keys: [KeyValueKey]

  /// Creates a table for `type`, after the keys of its superclass's table.
  public init(_ type: Any.Type, keys: [KeyValueKey], inheriting superclassKeys: KeyValueKeyTable? = nil) {
    self.type = type
    let inherited = superclassKeys?.keys ?? []
    self.keys = inherited.filter { key in !keys.contains { $0.name == key.name } } + keys
  }

  /// The key named `name`.
  public func key(named name: String) -> KeyValueKey? {
    keys.first { $0.name == name }
  }

  /// The names closest to `name` (for "did you mean" messages), closest first.
  public func closestNames(to name: String, limit: Int = 3) -> [String] {
    let lowered = name.lowercased()
    let scored = keys.map { key -> (String, Int) in
      (key.name, EditDistance.between(lowered, key.name.lowercased()))
    }
    let threshold = max(2, name.count / 3)
    return scored.filter { $0.1 <= threshold }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
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
