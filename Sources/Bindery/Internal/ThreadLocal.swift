#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
  /// A pthread key holding one retained object per thread (each layer's per-thread context),
  /// released when the thread exits.
  @usableFromInline
  struct ThreadLocalKey<Context: AnyObject>: @unchecked Sendable {
    let key: pthread_key_t

    init() {
      var key = pthread_key_t()
      let status = pthread_key_create(&key) { pointer in
        #if canImport(Darwin)
          Unmanaged<AnyObject>.fromOpaque(pointer).release()
        #else
          if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        #endif
      }
      precondition(status == 0, "Bindery could not create its thread-local key")  // allowed: system failure, not input
      self.key = key
    }

    /// This thread's context, if it has one.
    @inline(__always)
    @usableFromInline
    func get() -> Context? {
      guard let pointer = pthread_getspecific(key) else { return nil }
      return Unmanaged<Context>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Gives this thread `context`.
    @usableFromInline
    func set(_ context: Context) {
      pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque())
    }
  }
#else
  /// Single-threaded platforms: one context of each kind.
  @usableFromInline
  final class ThreadLocalKey<Context: AnyObject>: @unchecked Sendable {
    @usableFromInline
    var context: Context?
    init() {}
    @usableFromInline
    func get() -> Context? { context }
    @usableFromInline
    func set(_ context: Context) { self.context = context }
  }
#endif
