#if !canImport(ObjectiveC)
  internal import CBinderyRuntime
#endif

/// A binding's reference to one of its ends: it keeps the object neither alive nor slow.
///
/// A `weak` reference would do the first, but gives the object a side table for good, and every
/// retain and release of that object, in the app's own code too, then goes through it (about ten
/// times the instructions). On Linux this reference holds the object's *unowned* count instead,
/// which lives in the object's header: the object's memory stays valid (its deinitialization still
/// runs when the last strong reference goes), and ``object`` retains it only if it is not being
/// deinitialized, atomically, as a weak load does. The memory itself is freed when the binding is.
///
/// Objective-C objects count their references elsewhere, so where the Objective-C runtime exists the
/// reference is a `weak` one.
@usableFromInline
struct BoundObjectReference: ~Copyable, @unchecked Sendable {
  #if canImport(ObjectiveC)
    @usableFromInline
    weak var weakObject: AnyObject?

    @usableFromInline
    init(_ object: AnyObject) {
      weakObject = object
    }

    /// The object, retained, unless it is being or has been deinitialized.
    @inlinable
    var object: AnyObject? { weakObject }

    /// Whether both references are to one object (that still exists).
    func refersToSameObject(as other: borrowing BoundObjectReference) -> Bool {
      guard let object = weakObject else { return false }
      return object === other.weakObject
    }
  #else
    /// The object's address; its unowned count holds the memory.
    @usableFromInline
    let address: UnsafeMutableRawPointer

    @usableFromInline
    init(_ object: AnyObject) {
      address = Unmanaged.passUnretained(object).toOpaque()
      _ = swift_unownedRetain(address)
    }

    deinit {
      swift_unownedRelease(address)
    }

    /// The object, retained, unless it is being or has been deinitialized.
    @usableFromInline
    var object: AnyObject? {
      guard swift_tryRetain(address) != nil else { return nil }
      return Unmanaged<AnyObject>.fromOpaque(address).takeRetainedValue()
    }

    /// Whether both references are to one object (compared by address: no retain).
    func refersToSameObject(as other: borrowing BoundObjectReference) -> Bool {
      address == other.address
    }
  #endif
}
