#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic nanoseconds.
@inline(__always)
func nanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The best (lowest) of `rounds` runs of `body`, in nanoseconds per operation.
func measure(operations: Int, rounds: Int = 7, _ body: (Int) -> Void) -> Double {
  body(min(operations, 1000))  // warm up
  var best = Double.infinity
  for _ in 0..<rounds {
    let start = nanoseconds()
    body(operations)
    let elapsed = Double(nanoseconds() - start) / Double(operations)
    best = min(best, elapsed)
  }
  return best
}

/// The resident memory of this process, in bytes (Linux: `/proc/self/statm`); 0 where unknown.
///
/// Measured around the creation of a million objects, the growth divided by the count is the cost of one.
func allocatedBytes() -> Int {
  #if canImport(Glibc)
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 128)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
    let fields = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      .split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
    return 0
  #endif
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
