internal import CBinderyRuntime
public import Synchronization

/// Happens-before annotations for the thread sanitizer.
///
/// `Synchronization.Mutex` locks with futexes on Linux, which the thread sanitizer cannot see, so every
/// access it guards would be reported as a race. When the program runs under the sanitizer, `Locked`
/// tells it about each acquire and release; otherwise these are two `nil` checks.
@usableFromInline
enum Sanitizer {
  @usableFromInline
  typealias Annotation = @convention(c) (UnsafeMutableRawPointer?) -> Void

  /// The sanitizer's acquire and release annotations, both `nil` when the program does not run under it.
  @usableFromInline
  struct Hooks: Sendable {
    @usableFromInline
    let acquire: Annotation?
    @usableFromInline
    let release: Annotation?
  }

  /// Looked up once, by the package's C runtime target when the program loads (before any Swift code
  /// runs): a lock reads two words, with no lazily initialized global to check on each acquire.
  @usableFromInline
  static var hooks: Hooks {
    let hooks = bindery_sanitizer_hooks()
    return Hooks(acquire: hooks.acquire, release: hooks.release)
  }
}

extension Mutex where Value: Sendable {
  /// Runs `body` with the value locked, telling the thread sanitizer about the lock (it does not see
  /// `Mutex`'s futex) as held by the object at `owner`: what every lock of Bindery's state goes
  /// through. Inlined, so no `Optional<Result>` is looked up at run time.
  @inline(__always)
  @inlinable
  func withAnnotatedLock<Result>(_ owner: UnsafeMutableRawPointer, _ body: (inout Value) -> Result) -> Result {
    let hooks = Sanitizer.hooks
    nonisolated(unsafe) var result: Result?
    withLock { value in
      hooks.acquire?(owner)
      result = body(&value)
      hooks.release?(owner)
    }
    // The closure above always runs, so `result` is set.
    return result.unsafelyUnwrapped
  }
}
