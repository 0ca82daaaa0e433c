public import Synchronization

/// A binding's state in one atomic word: its flags and direction in the low bits, the options it was
/// made with (which never change) in bits 16 to 24, the number of threads writing through it in the
/// high 32 bits.
@usableFromInline
struct BindingState: ~Copyable {
  /// The flags of a binding.
  @usableFromInline
  struct Flag: Sendable {
    @usableFromInline
    let bit: UInt64

    @inlinable
    init(bit: UInt64) { self.bit = bit }

    /// Ended for good.
    @inlinable
    static var unbound: Flag { Flag(bit: 1 << 0) }
    /// A delivery to another actor is scheduled and has not run yet.
    @inlinable
    static var pendingDelivery: Flag { Flag(bit: 1 << 1) }
    /// Carries values both ways, so its own writes may come back (echo).
    @inlinable
    static var hasReversePath: Flag { Flag(bit: 1 << 2) }
    /// A user edit waits to be committed.
    @inlinable
    static var pendingEdit: Flag { Flag(bit: 1 << 3) }
    /// The user is editing the target (between its begin- and end-editing reports).
    @inlinable
    static var userEditing: Flag { Flag(bit: 1 << 4) }
    /// The control shows an error of this binding.
    @inlinable
    static var showsError: Flag { Flag(bit: 1 << 5) }
    /// A delegate was set once, so a change must look for one.
    @inlinable
    static var mayHaveDelegate: Flag { Flag(bit: 1 << 6) }
    /// The reverse path hears every change of the target (not only a user's edits of a control), so
    /// the binding's own writes to the target may come back (echo).
    @inlinable
    static var targetWritesEcho: Flag { Flag(bit: 1 << 7) }
    /// A write of the target takes the observed path: a delegate may hear it, or the control shows
    /// an error of this binding that the model's new value clears.
    @inlinable
    static var observedTargetWrite: Flag { Flag(bit: mayHaveDelegate.bit | showsError.bit) }
    /// Made while ``BindingDiagnostics`` recorded: in the registry of live bindings, and remembers the
    /// values it writes (its writes take the observed path, as with a delegate).
    @inlinable
    static var recorded: Flag { Flag(bit: 1 << 10) }
  }

  @inlinable
  static var directionShift: UInt64 { 8 }
  @inlinable
  static var directionMask: UInt64 { 0b11 << directionShift }
  @inlinable
  static var writerUnit: UInt64 { 1 << 32 }

  @inlinable
  static var optionsShift: UInt64 { 16 }

  @usableFromInline
  let word: Atomic<UInt64>

  /// A state with no flags set, keeping `options` (all but the actor of its delivery).
  @inlinable
  init(options: BindingOptions) {
    let direction: UInt64 =
      switch options.direction {
      case nil: 0
      case .sourceToTarget: 1
      case .targetToSource: 2
      case .both: 3
      }
    let delivery = UInt64(options.deliveryKinds & 0b11)
    let combining: UInt64 =
      switch options.combining {
      case nil: 0
      case .and: 1
      case .or: 2
      }
    let sourceDelivery = UInt64(options.deliveryKinds >> 2 & 0b11)
    let packed =
      direction | delivery << 2 | combining << 4 | (options.updatesContinuously ? 1 << 6 : 0)
      | (options.conditionallySetsEnabled ? 1 << 7 : 0) | (options.isTraced ? 1 << 8 : 0) | sourceDelivery << 9
    word = Atomic(packed << Self.optionsShift)
  }

  /// The options kept at ``init(options:)``, with `actor` as the actor of an actor delivery and
  /// `sourceActor` as that of an actor source delivery.
  @usableFromInline
  func options(actor: (any Actor)?, sourceActor: (any Actor)?) -> BindingOptions {
    let packed = word.load(ordering: .relaxed) >> Self.optionsShift
    let direction: BindingDirection? =
      switch packed & 0b11 {
      case 1: .sourceToTarget
      case 2: .targetToSource
      case 3: .both
      default: nil
      }
    let delivery: BindingDelivery =
      switch (packed >> 2) & 0b11 {
      case 1: .mainActor
      case 2: actor.map { .actor($0) } ?? .synchronous
      default: .synchronous
      }
    let sourceDelivery: BindingDelivery =
      switch (packed >> 9) & 0b11 {
      case 1: .mainActor
      case 2: sourceActor.map { .actor($0) } ?? .synchronous
      default: .synchronous
      }
    let combining: BooleanCombination? =
      switch (packed >> 4) & 0b11 {
      case 1: .and
      case 2: .or
      default: nil
      }
    return BindingOptions(
      direction: direction, delivery: delivery, sourceDelivery: sourceDelivery, combining: combining,
      updatesContinuously: packed & 1 << 6 != 0, conditionallySetsEnabled: packed & 1 << 7 != 0,
      isTraced: packed & 1 << 8 != 0)
  }

  /// Whether the binding was made with ``BindingOptions/isTraced``.
  @usableFromInline
  var isTraced: Bool {
    (word.load(ordering: .relaxed) >> (Self.optionsShift + 8)) & 1 != 0
  }

  /// Where the binding writes its target: 0 synchronously, 1 on the main actor, 2 on its own actor.
  @inlinable
  var deliveryKind: UInt64 {
    (word.load(ordering: .relaxed) >> (Self.optionsShift + 2)) & 0b11
  }

  /// Where the binding writes its source (the user's edits): 0 synchronously, 1 on the main actor, 2
  /// on its own actor.
  @usableFromInline
  var sourceDeliveryKind: UInt64 {
    (word.load(ordering: .relaxed) >> (Self.optionsShift + 9)) & 0b11
  }

  /// Whether `flag` is set, seeing what was written before it was set.
  @inline(__always)
  @inlinable
  func contains(_ flag: Flag) -> Bool {
    word.load(ordering: .acquiring) & flag.bit != 0
  }

  /// Whether `flag` is set, with no ordering: for checks on the change path that need none.
  @inline(__always)
  @inlinable
  func containsRelaxed(_ flag: Flag) -> Bool {
    word.load(ordering: .relaxed) & flag.bit != 0
  }

  /// Sets `flag`; returns whether it was set already.
  @discardableResult
  @inlinable
  func insert(_ flag: Flag) -> Bool {
    word.bitwiseOr(flag.bit, ordering: .acquiringAndReleasing).oldValue & flag.bit != 0
  }

  /// Clears `flag`; returns whether it was set.
  @discardableResult
  @inlinable
  func remove(_ flag: Flag) -> Bool {
    word.bitwiseAnd(~flag.bit, ordering: .acquiringAndReleasing).oldValue & flag.bit != 0
  }

  /// Sets or clears `flag`; returns whether it was set.
  @discardableResult
  @inlinable
  func set(_ flag: Flag, to value: Bool) -> Bool {
    value ? insert(flag) : remove(flag)
  }

  /// The direction in force.
  @inlinable
  var direction: BindingDirection {
    switch (word.load(ordering: .acquiring) & Self.directionMask) >> Self.directionShift {
    case 1: .targetToSource
    case 2: .both
    default: .sourceToTarget
    }
  }

  /// Sets the direction in force, leaving the flags as they are.
  @inlinable
  func setDirection(_ direction: BindingDirection) {
    let raw: UInt64 =
      switch direction {
      case .sourceToTarget: 0
      case .targetToSource: 1
      case .both: 2
      }
    var old = word.load(ordering: .relaxed)
    while true {
      let new = (old & ~Self.directionMask) | (raw << Self.directionShift)
      let (exchanged, original) = word.compareExchange(
        expected: old, desired: new, successOrdering: .acquiringAndReleasing, failureOrdering: .relaxed)
      if exchanged { return }
      old = original
    }
  }

  /// Counts one more thread writing through the binding.
  @inline(__always)
  @inlinable
  func beginWrite() {
    word.wrappingAdd(Self.writerUnit, ordering: .relaxed)
  }

  /// Counts one thread fewer writing through the binding.
  @inline(__always)
  @inlinable
  func endWrite() {
    word.wrappingSubtract(Self.writerUnit, ordering: .relaxed)
  }

  /// Whether some thread is writing through the binding now.
  @inline(__always)
  @inlinable
  var isBeingWritten: Bool {
    word.load(ordering: .relaxed) >= Self.writerUnit
  }
}
