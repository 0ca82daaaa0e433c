public import Synchronization

/// A binding's state in one atomic word: its flags and direction in the low bits, the number of threads
/// writing through it in the high 32 bits.
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
  }

  @inlinable
  static var directionShift: UInt64 { 8 }
  @inlinable
  static var directionMask: UInt64 { 0b11 << directionShift }
  @inlinable
  static var writerUnit: UInt64 { 1 << 32 }

  @usableFromInline
  let word = Atomic<UInt64>(0)

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
