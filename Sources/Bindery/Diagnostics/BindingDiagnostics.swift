internal import CBinderyRuntime
import Synchronization

/// Switches on what explains bindings while an app runs, and says where their problems go.
///
/// While recording is on, every binding made is kept in a registry of live bindings (left when it is
/// unbound or its object goes) and remembers the last value it wrote each way, so
/// ``liveBindings`` and ``BindingGraph`` can show what is bound and what flowed. Recording is off by
/// default, and then costs one flag read per binding made and nothing per change; the environment
/// variable `BINDERY_DIAGNOSTICS=1` switches it on from the start, and an app or a test can switch it
/// on and off at any time (bindings made while it was off are not in the registry).
///
/// Problems found when a binding is made (a property bound to itself, a binding that closes a loop of
/// one-way bindings) go to ``problemHandler`` whether recording is on or not.
///
/// ```swift
/// BindingDiagnostics.isRecording = true
/// let label = HeadlessLabel()
/// label.bind(\.text, to: person, \.fullName)
/// print(BindingGraph(BindingDiagnostics.liveBindings).text)
/// ```
public enum BindingDiagnostics {
  /// Whether new bindings are registered and record the values they write: switched on and off by
  /// the app, and on besides while any `recording(_:)` runs.
  public static var isRecording: Bool {
    get { bindery_diagnostics_flags() & 1 != 0 }
    set { recordingSwitch.withLock { $0.isOn = newValue } }
  }

  /// Runs `body` with recording on, then leaves it as it was: on if the app switched it on, or while
  /// another `recording` runs (on this thread or another). Tests use it to record beside each other.
  ///
  /// ```swift
  /// let label = BindingDiagnostics.recording { makeEditor() }   // the editor's bindings are registered
  /// ```
  public static func recording<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    recordingSwitch.withLock { $0.scopes += 1 }
    defer { recordingSwitch.withLock { $0.scopes -= 1 } }
    return try body()
  }

  /// Runs `body` with recording on, as `recording(_:)`, awaiting it.
  public static func recording<Result, Failure: Error>(
    _ body: () async throws(Failure) -> Result
  ) async throws(Failure) -> Result {
    recordingSwitch.withLock { $0.scopes += 1 }
    defer { recordingSwitch.withLock { $0.scopes -= 1 } }
    return try await body()
  }

  /// Receives each problem found when a binding is made (``BindingProblem``); by default, writes it to
  /// standard error as a warning. Called on the thread that made the binding, outside any lock.
  public static var problemHandler: @Sendable (BindingProblem) -> Void {
    get { handler.withLock { $0 } }
    set { handler.withLock { $0 = newValue } }
  }

  /// The bindings made while recording was on that are still bound, in the order they were made.
  public static var liveBindings: [PropertyBinding] {
    registry.withLock { registry in
      registry.prune()
      return registry.entries.compactMap(\.binding)
    }
  }

  /// The live bindings that have `object` at either end (as ``liveBindings``).
  public static func liveBindings(of object: AnyObject) -> [PropertyBinding] {
    liveBindings.filter { $0.source === object || $0.target === object }
  }

  /// The live bindings with an end among `objects` (as ``liveBindings``): the bindings of one page or
  /// window, given its controls and the objects it owns.
  ///
  /// ```swift
  /// let windowBindings = BindingDiagnostics.liveBindings(touching: window.controls + [window.controller])
  /// print(BindingGraph(windowBindings).text)
  /// ```
  public static func liveBindings(touching objects: [AnyObject]) -> [PropertyBinding] {
    let identities = Set(objects.map(ObjectIdentifier.init))
    return liveBindings.filter { binding in
      [binding.source, binding.target].contains { $0.map { identities.contains(ObjectIdentifier($0)) } ?? false }
    }
  }

  /// Why `property` of `object` last changed through a binding: the last write of a recorded binding
  /// whose target it is (or, for a property a binding writes back to, whose source it is), with its
  /// causes. `nil` when no recorded binding wrote it.
  public static func cause<Object: AnyObject, Value>(
    of object: Object,
    _ property: KeyPath<Object, Value>
  ) -> ChangeCause? {
    var latest: ChangeCause?
    for binding in liveBindings(of: object) {
      // Copied under the lock: a recording binding updates its details from the thread that writes.
      let (toTarget, toSource) = binding.withParts { ($0.details?.lastTargetCause, $0.details?.lastSourceCause) }
      var candidates: [ChangeCause?] = []
      if binding.target === object, binding.targetKeyPath == property { candidates.append(toTarget) }
      if binding.source === object, binding.sourceKeyPath == property { candidates.append(toSource) }
      for case let candidate? in candidates where latest.map({ candidate.time > $0.time }) ?? true {
        latest = candidate
      }
    }
    return latest
  }

  /// Hears each change recorded (on the thread that made it, outside Bindery's locks), for a tracer or
  /// an inspector: `BinderyTracing` logs them through swift-log. Set while recording; `nil` by default.
  public static var changeHandler: (@Sendable (ChangeCause) -> Void)? {
    get { changeHandlerStorage.withLock { $0 } }
    set { changeHandlerStorage.withLock { $0 = newValue } }
  }

  /// The changes recorded last, the newest last: at most ``recentChangeLimit``.
  public static var recentChanges: [ChangeCause] {
    recent.withLock { ring in
      ring.count < recentChangeLimit ? ring.items : Array(ring.items[ring.next...] + ring.items[..<ring.next])
    }
  }

  /// The changes `bindings` wrote, the newest last: those among ``recentChanges``, and each binding's
  /// last write each way even when the recent ones of other bindings have pushed it out. An inspector
  /// of one page or window lists the changes of that page's bindings with it.
  public static func recentChanges(of bindings: [PropertyBinding]) -> [ChangeCause] {
    let mine = Set(bindings.map(ObjectIdentifier.init))
    var seen: Set<ObjectIdentifier> = []
    var changes: [ChangeCause] = []
    func add(_ change: ChangeCause?) {
      guard let change, seen.insert(ObjectIdentifier(change)).inserted else { return }
      changes.append(change)
    }
    for change in recentChanges where mine.contains(change.binding) { add(change) }
    for binding in bindings {
      // Copied under the lock: a recording binding updates its details from the thread that writes.
      let (toTarget, toSource) = binding.withParts { ($0.details?.lastTargetCause, $0.details?.lastSourceCause) }
      add(toTarget)
      add(toSource)
    }
    return changes.sorted { $0.time < $1.time }
  }

  /// How many recorded changes ``recentChanges`` keeps (older ones are let go, unless a newer change
  /// was caused by them).
  public static let recentChangeLimit = 256

  // MARK: Internals

  /// Whether the app switched recording on, and how many `recording(_:)` run; the
  /// flag bindings read is on when either is.
  private struct RecordingSwitch {
    var isOn: Bool { didSet { apply() } }
    var scopes = 0 { didSet { apply() } }

    func apply() {
      bindery_set_diagnostics_flags(isOn || scopes > 0 ? 1 : 0)
    }
  }

  /// Starts as the environment said (`BINDERY_DIAGNOSTICS`, read at load).
  private static let recordingSwitch = Locked(RecordingSwitch(isOn: bindery_diagnostics_flags() & 1 != 0))

  private static let recent = Locked(Ring())
  private static let changeHandlerStorage = Locked<(@Sendable (ChangeCause) -> Void)?>(nil)
  private static let threadNumbers = Atomic<Int>(0)

  /// A fixed number of the latest changes.
  private struct Ring {
    var items: [ChangeCause] = []
    /// Where the next one goes once the ring is full.
    var next = 0
    var count: Int { items.count }
  }

  /// Keeps a recorded change among the recent ones, and hands it to the change handler.
  static func remember(_ cause: ChangeCause) {
    defer { changeHandler?(cause) }
    recent.withLock { ring in
      if ring.items.count < recentChangeLimit {
        ring.items.append(cause)
      } else {
        ring.items[ring.next] = cause
        ring.next = (ring.next + 1) % recentChangeLimit
      }
    }
  }

  /// The next thread number (1 first).
  static func nextThreadNumber() -> Int {
    threadNumbers.add(1, ordering: .relaxed).newValue
  }

  // `Locked`, not a bare `Mutex`: the thread sanitizer sees its locking (see ``Locked``).
  private static let handler = Locked<@Sendable (BindingProblem) -> Void>({ problem in
    bindery_write_error("Bindery warning: \(problem)\n")
  })

  private static let registry = Locked(Registry())

  /// Adds a binding being made to the registry.
  static func register(_ binding: PropertyBinding) {
    registry.withLock { $0.add(binding) }
  }

  /// Takes an unbound binding out of the registry.
  static func deregister(_ binding: PropertyBinding) {
    registry.withLock { $0.remove(binding) }
  }

  /// Hands a problem to the handler.
  static func report(_ problem: BindingProblem) {
    problemHandler(problem)
  }

  /// The live bindings, weakly, by identity, in the order they were made.
  private struct Registry {
    struct Entry {
      weak var binding: PropertyBinding?
      let id: ObjectIdentifier
    }

    var entries: [Entry] = []
    /// Where each entry is (an index of `entries`), to remove it at once.
    var positions: [ObjectIdentifier: Int] = [:]
    /// Entries left empty since the last compaction.
    var holes = 0

    mutating func add(_ binding: PropertyBinding) {
      let id = ObjectIdentifier(binding)
      positions[id] = entries.count
      entries.append(Entry(binding: binding, id: id))
      if entries.count > 64, holes * 2 > entries.count { prune() }
    }

    mutating func remove(_ binding: PropertyBinding) {
      guard let position = positions.removeValue(forKey: ObjectIdentifier(binding)) else { return }
      entries[position].binding = nil
      holes += 1
    }

    /// Drops the entries of bindings that were unbound or deallocated.
    mutating func prune() {
      let kept = entries.filter { entry in entry.binding.map { $0.isBound } ?? false }
      positions = [:]
      for (index, entry) in kept.enumerated() { positions[entry.id] = index }
      entries = kept
      holes = 0
    }
  }
}
