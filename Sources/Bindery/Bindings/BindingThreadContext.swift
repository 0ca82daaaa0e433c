/// Per-thread state of the bindings: the bindings writing, the control whose edit is delivered, and
/// what a front end collects while it applies a user's edit.
@usableFromInline
final class BindingThreadContext {
  // Used by its own thread only: Swift's dynamic exclusivity checks of these properties would cost
  // more than the work they guard.
  /// Bindings writing on this thread, so their own forward notifications are skipped (echo).
  @usableFromInline
  @exclusivity(unchecked) var writingBindings: [ObjectIdentifier] = []
  /// The control whose user edit or end of editing is being delivered on this thread.
  @exclusivity(unchecked) var editingControl: ObjectIdentifier?
  /// The failures reported on this thread while a front end collects them (``UserEditing``), or
  /// `nil` when none does.
  @exclusivity(unchecked) var collectedFailures: [any Error]?
  /// The saves handed off on this thread while a front end waits for them (``UserEditing``), or
  /// `nil` when none does.
  @exclusivity(unchecked) var pendingSaves: [PendingSave]?

  /// Where each thread keeps its context.
  @usableFromInline
  static let storage = ThreadLocalKey()

  /// This thread's context, if it has one.
  @inline(__always)
  @usableFromInline
  static func existing() -> BindingThreadContext? {
    guard let pointer = storage.pointer() else { return nil }
    return Unmanaged<BindingThreadContext>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The context of the current thread (made on its first use there).
  @inline(__always)
  @usableFromInline
  static var current: BindingThreadContext {
    existing() ?? made()
  }

  /// A new context for the current thread, kept until the thread ends.
  @inline(never)
  @usableFromInline
  static func made() -> BindingThreadContext {
    let context = BindingThreadContext()
    storage.set(context)
    return context
  }
}
