#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Happens-before annotations for the thread sanitizer.
///
/// `Synchronization.Mutex` locks with futexes on Linux, which the thread sanitizer cannot see, so every
/// access it guards would be reported as a race. When the program runs under the sanitizer, `Locked`
/// tells it about each acquire and release; otherwise these are two `nil` checks.
@usableFromInline
enum Sanitizer {
  @usableFromInline
  typealias Annotation = @convention(c) (UnsafeMutableRawPointer?) -> Void

  #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    private static let acquireFunction: Annotation? = lookup("__tsan_acquire")
    private static let releaseFunction: Annotation? = lookup("__tsan_release")

    @usableFromInline
    static func lookup(_ name: String) -> Annotation? {
      guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
      return unsafeBitCast(symbol, to: Annotation.self)
    }
  #else
    private static let acquireFunction: Annotation? = nil
    private static let releaseFunction: Annotation? = nil
  #endif

  @inline(__always)
  @usableFromInline
  static func acquire(_ address: UnsafeMutableRawPointer) {
    acquireFunction?(address)
  }

  @inline(__always)
  @usableFromInline
  static func release(_ address: UnsafeMutableRawPointer) {
    releaseFunction?(address)
  }
}
