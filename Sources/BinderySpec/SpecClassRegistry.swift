public import Bindery
public import BinderyControllers

/// The classes a spec file may name in `class:`, each with how to make an instance.
///
/// A registry starts with the controllers only: `ArrayController` and `ObjectController` (also with
/// Cocoa's `NS`) are always known, and their `objectClass:` names a registered class. The module that
/// owns a kind of object declares how spec files name it; register what your files use:
///
/// ```swift
/// let registry = SpecClassRegistry()
/// registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)  // TextField, Label, ListView…
/// registry.register(PersonViewController.self) { PersonViewController() }
/// ```
public final class SpecClassRegistry: Sendable {
  /// The registry spec loaders use unless told otherwise.
  public static let shared = SpecClassRegistry()

  /// A registered class.
  package struct Entry: @unchecked Sendable {
    /// The class.
    public let type: any KeyValueCoding.Type
    /// Makes an instance.
    public let make: @Sendable () -> any KeyValueCoding
    /// The class opened to its type, for controllers of it.
    let elementClass: any SpecElementClass
  }

  private let entries = SharedLock<[String: Entry]>([:])
  private let lists = SharedLock<[String: any ArrangedListClass]>([:])
  private let actions = SharedLock<[ObjectIdentifier: [String: @Sendable (AnyObject) -> Void]]>([:])
  /// Where a name or type this registry lacks is looked up next: a registry of classes every load
  /// shares, so a load's own registry (kept as long as its screen, for the rows of its lists) holds
  /// only what that load adds.
  private let fallback: SpecClassRegistry?

  /// Creates a registry that knows the controllers only.
  public init() {
    fallback = nil
  }

  /// Creates a registry that looks up what it lacks in `fallback`.
  package init(fallback: SpecClassRegistry) {
    self.fallback = fallback
  }

  /// Registers classes under the names they declare, and lists under theirs.
  public func register(_ classes: [any KeyValueInstantiable.Type], lists: [any ArrangedListClass] = []) {
    func add<Object: KeyValueInstantiable>(_ type: Object.Type) {
      register(type, names: type.instantiableNames) { Object() }
    }
    for type in classes { add(type) }
    for list in lists { registerList(list) }
  }

  /// Registers a class under its own name, or under `names`.
  public func register<Object: KeyValueCoding>(
    _ type: Object.Type,
    names: [String]? = nil,
    make: @escaping @Sendable () -> Object
  ) {
    let entry = Entry(type: type, make: make, elementClass: TypedElementClass(make: make))
    let names = names ?? [String(describing: type)]
    entries.withLock { table in
      for name in names { table[name] = entry }
    }
  }

  /// The class registered as `name`.
  package func entry(named name: String) -> Entry? {
    entries.withLock { $0[name] } ?? fallback?.entry(named: name)
  }

  /// Registers a list class (made for the element class of the array controller it shows) under
  /// `names`, or under the names it declares.
  public func registerList(_ listClass: some ArrangedListClass, names: [String]? = nil) {
    lists.withLock { table in
      for name in names ?? listClass.names { table[name] = listClass }
    }
  }

  /// Registers an action a spec file's buttons may run on objects of `type`:
  /// `action: {to: /Editor, value: save}`.
  ///
  /// ```swift
  /// registry.registerAction("save", of: PersonEditor.self) { $0.save() }
  /// ```
  public func registerAction<Object: AnyObject>(
    _ name: String,
    of type: Object.Type,
    perform: @escaping @Sendable (Object) -> Void
  ) {
    actions.withLock { table in
      table[ObjectIdentifier(type), default: [:]][name] = { object in
        if let object = object as? Object { perform(object) }
      }
    }
  }

  /// The action `name` registered for the class of `object`, or one of its superclasses.
  func action(named name: String, for object: AnyObject) -> (@Sendable (AnyObject) -> Void)? {
    let table = actions.withLock { $0 }
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      if let action = table[ObjectIdentifier(current.subjectType)]?[name] { return action }
      mirror = current.superclassMirror
    }
    return nil
  }

  /// The names of the actions registered for the class of `object` and its superclasses.
  func actionNames(for object: AnyObject) -> [String] {
    let table = actions.withLock { $0 }
    var names: [String] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      names += table[ObjectIdentifier(current.subjectType)]?.keys.sorted() ?? []
      mirror = current.superclassMirror
    }
    return names
  }

  /// The list class registered as `name`.
  func listClass(named name: String) -> (any ArrangedListClass)? {
    lists.withLock { $0[name] } ?? fallback?.listClass(named: name)
  }

  /// The entry registered for `type` (under any name).
  func entry(forType type: Any.Type) -> Entry? {
    entries.withLock { table in table.values.first { ObjectIdentifier($0.type) == ObjectIdentifier(type) } }
      ?? fallback?.entry(forType: type)
  }

  /// The entry registered for the elements of `arrayType` (`[Team]` or `KeyValueArray<Team>`).
  func entry(forArrayType arrayType: Any.Type) -> Entry? {
    entries.withLock { table in table.values.first { $0.elementClass.isArray(arrayType) } }
      ?? fallback?.entry(forArrayType: arrayType)
  }

  /// Every registered name (classes and lists), sorted.
  public var names: [String] {
    Array(Set(entries.withLock { Array($0.keys) } + lists.withLock { Array($0.keys) } + (fallback?.names ?? [])))
      .sorted()
  }
}
