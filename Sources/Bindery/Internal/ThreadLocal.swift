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
  /// A pthread key holding one retained object per thread (a layer's per-thread context), released
  /// when the thread exits. Not generic: each context reads its own key's pointer as its own type, so
  /// the look-up costs what a plain `pthread_getspecific` does.
  @usableFromInline
  struct ThreadLocalKey: @unchecked Sendable {
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

    /// This thread's object, unretained, if it has one.
    @inline(__always)
    @usableFromInline
    func pointer() -> UnsafeMutableRawPointer? {
      pthread_getspecific(key)
    }

    /// Gives this thread `object`, retained until the thread exits.
    @usableFromInline
    func set(_ object: AnyObject) {
      pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
    }
  }
#else
  /// Single-threaded platforms: one object per key.
  @usableFromInline
  final class ThreadLocalKey: @unchecked Sendable {
    private var object: AnyObject?
    init() {}
    @usableFromInline
    func pointer() -> UnsafeMutableRawPointer? {
      object.map { Unmanaged.passUnretained($0).toOpaque() }
    }
    @usableFromInline
    func set(_ object: AnyObject) { self.object = object }
  }
#endif
