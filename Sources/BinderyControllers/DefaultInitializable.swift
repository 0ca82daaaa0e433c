/// A class whose objects a controller can make with `init()` alone: its object class (Cocoa's
/// `objectClass`, a spec file's `objectClass:`), given in code as a type rather than a closure.
///
/// A class that is not `final` declares its `init()` `required`, so that a subclass given as the
/// object class makes objects of the subclass.
///
/// ```swift
/// extension Person: DefaultInitializable {}
/// let people = ArrayController(objectClass: Person.self)
/// let shapes = ArrayController<Shape>(objectClass: Circle.self)  // add() makes circles
/// ```
public protocol DefaultInitializable: AnyObject {
  /// Makes an object with its default values.
  init()
}

extension ArrayController where Element: DefaultInitializable {
  /// Creates a controller whose ``add()`` makes objects of `objectClass` (`Element` or a subclass)
  /// with `init()`.
  public convenience init(objectClass: Element.Type) {
    self.init(objectClass: objectClass) { objectClass.init() }
  }
}

extension ObjectController where Content: DefaultInitializable {
  /// Creates a controller whose ``add()`` and ``prepareContent()`` make objects of `objectClass`
  /// (`Content` or a subclass) with `init()`.
  public convenience init(objectClass: Content.Type, content: Content? = nil) {
    self.init(content: content, objectClass: objectClass) { objectClass.init() }
  }
}
