/// The last value an observation saw, kept to compare the next one with and to hand out as its old
/// value, without keeping an object alive: an observer must not retain what the observed property
/// holds weakly (`weak var delegate`), nor an object the model has let go.
///
/// A value that is an object (or an optional object) is kept as a weak reference; once the object is
/// gone, an optional reads back as `nil` and anything else as no value. Other values are kept as they are.
@usableFromInline
struct LastValue<Value> {
  @usableFromInline
  enum Storage {
    case none
    case value(Value)
    case object(WeakObject)
  }

  @usableFromInline
  struct WeakObject {
    @usableFromInline
    weak var object: AnyObject?

    @usableFromInline
    init(object: AnyObject? = nil) {
      self.object = object
    }
  }

  @usableFromInline
  var storage: Storage = .none
  @usableFromInline
  let isOptional: Bool

  /// No value yet.
  @inlinable
  init(holdingObjects: Bool) {
    self.isOptional = holdingObjects && Value.self is any _AnyOptional.Type
  }

  /// Whether values of `Value` may be objects: a class, an optional of one, or a type that is not
  /// `Equatable` (a class-bound existential, say), checked value by value. Worked out once per
  /// observation; `Equatable` values (strings, numbers, arrays of them) are kept with no check.
  @inlinable
  static var mayHoldObjects: Bool {
    let base = RuntimeTypes.baseType(Value.self)
    return base is AnyObject.Type || !(base is any Equatable.Type)
  }

  /// Keeps `value` (weakly when it is an object and `holdingObjects`).
  @inlinable
  mutating func store(_ value: Value?, holdingObjects: Bool) {
    guard let value else {
      storage = .none
      return
    }
    guard holdingObjects, let unwrapped = RuntimeTypes.unwrapped(value), type(of: unwrapped) is AnyClass else {
      storage = .value(value)
      return
    }
    storage = .object(WeakObject(object: unwrapped as AnyObject))
  }

  /// The value kept, or `nil` when there is none (or its object is gone and it was not optional).
  @inlinable
  var value: Value? {
    switch storage {
    case .none: return nil
    case .value(let value): return value
    case .object(let reference):
      if let object = reference.object { return object as? Value }
      return isOptional ? RuntimeTypes.none(as: Value.self) : nil
    }
  }
}
