/// Carries a value across an isolation boundary that the library has made safe by other means.
///
/// Bindings deliver on the actor the user chose; the closures they carry touch only objects the
/// user's own `Sendable` rules already cover (see the Threads article in the DocC catalog).
struct UncheckedSendable<Value>: @unchecked Sendable {
  @usableFromInline
  let value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}
