/// A weak reference a `Sendable` closure may hold: the controller is used from one thread (or actor)
/// at a time, as its documentation says; the reference itself is only read.
struct WeakReference<Object: AnyObject>: @unchecked Sendable {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}
