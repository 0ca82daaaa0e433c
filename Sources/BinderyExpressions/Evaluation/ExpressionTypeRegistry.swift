import Bindery

/// The types expressions name: enumerations (`$Mode.editing`), option sets (`$TextStyle { .bold }`)
/// and types (`<NumberFormatter>`), by name.
///
/// ```swift
/// ExpressionTypeRegistry.shared.register(enumeration: Mode.self)
/// ExpressionTypeRegistry.shared.register(options: TextStyle.self, members: ["bold": .bold, "italic": .italic])
/// ExpressionTypeRegistry.shared.register(type: CurrencyFormatter.self, named: "NSNumberFormatter")
/// ```
///
/// A name is the type's own (`Mode`) unless given. An enumeration bound to a property of its own type
/// needs no registration: `$Mode.editing` bound to a `Mode` property finds its case there, as
/// `.editing` does. Registering a name again replaces what it named, for expressions compiled after.
public final class ExpressionTypeRegistry: Sendable {
  /// The registry expressions and spec files use.
  public static let shared = ExpressionTypeRegistry()

  /// What a name stands for.
  enum Entry: @unchecked Sendable {
    case enumeration(Any.Type)
    /// An option set, its members by name, and how to make one value of several members.
    case options(Any.Type, members: [String: Any], union: ([Any]) -> Any)
    case type(Any.Type)

    var type: Any.Type {
      switch self {
      case .enumeration(let type), .options(let type, _, _), .type(let type): type
      }
    }
  }

  private struct State: @unchecked Sendable {
    var byName: [String: Entry] = [:]
    var optionsByType: [ObjectIdentifier: String] = [:]
    var generation = 0
  }

  /// Behind Bindery's lock, which the thread sanitizer sees.
  private let state = SharedLock(State())

  /// Creates an empty registry.
  public init() {}

  /// Registers an enumeration, so expressions name its cases as `$Name.case`.
  public func register<Enumeration: CaseIterable>(enumeration: Enumeration.Type, named name: String? = nil) {
    add(.enumeration(enumeration), named: name ?? Self.name(of: enumeration))
  }

  /// Registers an option set with the names of its members, so expressions write its values as
  /// `$Name { .member, … }`, or `{ .member, … }` bound to a property of its type.
  public func register<Options: OptionSet>(
    options: Options.Type,
    named name: String? = nil,
    members: KeyValuePairs<String, Options>
  ) {
    var table: [String: Any] = [:]
    for (member, value) in members { table[member] = value }
    let union: ([Any]) -> Any = { values in
      var result = Options()
      for case let value as Options in values { result.formUnion(value) }
      return result
    }
    add(.options(options, members: table, union: union), named: name ?? Self.name(of: options))
  }

  /// Registers a type, so expressions name it as `<Name>` (a class constant).
  public func register(type: Any.Type, named name: String? = nil) {
    add(.type(type), named: name ?? Self.name(of: type))
  }

  /// The type registered under `name`, of any kind.
  public func type(named name: String) -> Any.Type? { entry(named: name)?.type }

  /// Every registered name, sorted.
  public var names: [String] { state.withLock { $0.byName.keys.sorted() } }

  func entry(named name: String) -> Entry? { state.withLock { $0.byName[name] } }

  /// The option set registered for `type`.
  func options(of type: Any.Type) -> Entry? {
    state.withLock { state in state.optionsByType[ObjectIdentifier(type)].flatMap { state.byName[$0] } }
  }

  /// Counts registrations, so compiled expressions cached before one are compiled again.
  var generation: Int { state.withLock { $0.generation } }

  private func add(_ entry: Entry, named name: String) {
    state.withLock { state in
      state.byName[name] = entry
      // A name registered again no longer names the option set it named.
      state.optionsByType = state.optionsByType.filter { $0.value != name }
      if case .options(let type, _, _) = entry { state.optionsByType[ObjectIdentifier(type)] = name }
      state.generation += 1
    }
  }

  /// A type's name as expressions write it: its own name, without the types it is nested in (`Mode`
  /// for `Editor.Mode`); a generic type's whole name.
  static func name(of type: Any.Type) -> String {
    let full = String(describing: type)
    guard !full.contains("<") else { return full }
    return full.split(separator: ".").last.map(String.init) ?? full
  }
}
