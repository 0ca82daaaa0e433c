/// Per-thread state of the diagnostics: the recorded change that causes what happens on this thread,
/// the thread's number, and where a file declared the bindings being made.
final class DiagnosticsThreadContext {
  // Used by its own thread only: Swift's dynamic exclusivity checks of these properties would cost
  // more than the work they guard.
  /// The recorded change being written on this thread, which causes what happens during it.
  @exclusivity(unchecked) var currentCause: ChangeCause?
  /// This thread's number in diagnostics, given when it first records a change (0 until then).
  @exclusivity(unchecked) var diagnosticNumber = 0
  /// Where a file declared the bindings this thread is making (`Editor.spec.yaml:42:5`), if a file did.
  @exclusivity(unchecked) var declaringLocation: String?

  /// Where each thread keeps its context.
  static let storage = ThreadLocalKey()

  /// This thread's context, if it has one.
  @inline(__always)
  @usableFromInline
  static func existing() -> DiagnosticsThreadContext? {
    guard let pointer = storage.pointer() else { return nil }
    return Unmanaged<DiagnosticsThreadContext>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The context of the current thread (made on its first use there).
  @inline(__always)
  static var current: DiagnosticsThreadContext {
    existing() ?? made()
  }

  /// A new context for the current thread, kept until the thread ends.
  @inline(never)
  static func made() -> DiagnosticsThreadContext {
    let context = DiagnosticsThreadContext()
    storage.set(context)
    return context
  }
}
