import MallocStats

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

/// Bytes the allocator has handed out and not taken back (glibc's `mallinfo2`; 0 elsewhere).
func allocatedBytes() -> Int {
  Int(bindery_allocated_bytes())
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
