import Synchronization

/// A binding's state in one atomic word: its flags and direction in the low bits, the number of threads
/// writing through it in the high 32 bits.
struct BindingState: ~Copyable {
  /// The flags of a binding.
  struct Flag: Sendable {
    let bit: UInt64

    /// Ended for good.
    static let unbound = Flag(bit: 1 << 0)
    /// A delivery to another actor is scheduled and has not run yet.
    static let pendingDelivery = Flag(bit: 1 << 1)
    /// Carries values both ways, so its own writes may come back (echo).
    static let hasReversePath = Flag(bit: 1 << 2)
    /// A user edit waits to be committed.
    static let pendingEdit = Flag(bit: 1 << 3)
    /// The user is editing the target (between its begin- and end-editing reports).
    static let userEditing = Flag(bit: 1 << 4)
    /// The control shows an error of this binding.
    static let showsError = Flag(bit: 1 << 5)
    /// A delegate was set once, so a change must look for one.
    static let mayHaveDelegate = Flag(bit: 1 << 6)
  }

  private static let directionShift: UInt64 = 8
  private static let directionMask: UInt64 = 0b11 << directionShift
  private static let writerUnit: UInt64 = 1 << 32

  private let word = Atomic<UInt64>(0)

  /// Whether `flag` is set, seeing what was written before it was set.
  @inline(__always)
  func contains(_ flag: Flag) -> Bool {
    word.load(ordering: .acquiring) & flag.bit != 0
  }

  /// Whether `flag` is set, with no ordering: for checks on the change path that need none.
  @inline(__always)
  func containsRelaxed(_ flag: Flag) -> Bool {
    word.load(ordering: .relaxed) & flag.bit != 0
  }

  /// Sets `flag`; returns whether it was set already.
  @discardableResult
  func insert(_ flag: Flag) -> Bool {
    word.bitwiseOr(flag.bit, ordering: .acquiringAndReleasing).oldValue & flag.bit != 0
  }

  /// Clears `flag`; returns whether it was set.
  @discardableResult
  func remove(_ flag: Flag) -> Bool {
    word.bitwiseAnd(~flag.bit, ordering: .acquiringAndReleasing).oldValue & flag.bit != 0
  }

  /// Sets or clears `flag`; returns whether it was set.
  @discardableResult
  func set(_ flag: Flag, to value: Bool) -> Bool {
    value ? insert(flag) : remove(flag)
  }

  /// The direction in force.
  var direction: BindingDirection {
    switch (word.load(ordering: .acquiring) & Self.directionMask) >> Self.directionShift {
    case 1: .targetToSource
    case 2: .both
    default: .sourceToTarget
    }
  }

  /// Sets the direction in force, leaving the flags as they are.
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
  func beginWrite() {
    word.wrappingAdd(Self.writerUnit, ordering: .relaxed)
  }

  /// Counts one thread fewer writing through the binding.
  @inline(__always)
  func endWrite() {
    word.wrappingSubtract(Self.writerUnit, ordering: .relaxed)
  }

  /// Whether some thread is writing through the binding now.
  @inline(__always)
  var isBeingWritten: Bool {
    word.load(ordering: .relaxed) >= Self.writerUnit
  }
}
