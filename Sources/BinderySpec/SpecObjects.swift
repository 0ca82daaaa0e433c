public import Bindery

/// What a spec file made: its objects by name, and the bindings between them.
///
/// The objects are kept here (bindings retain neither end); drop this, or call ``unbind()``, and the
/// bindings end.
///
/// ```swift
/// let spec = try SpecFile.load(contentsOf: "PersonEditor.spec.yaml")
/// let controller = spec.object(named: "ViewController", as: PersonViewController.self)
/// ```
public final class SpecObjects {
  /// The objects' names, in the order of the file.
  public let names: [String]
  /// The objects, by name.
  public let objects: [String: any KeyValueCoding]
  /// Every binding the file declared, and the ones that keep its lists following their controllers.
  public let bindings: BindingSet

  init(names: [String], objects: [String: any KeyValueCoding], bindings: BindingSet) {
    self.names = names
    self.objects = objects
    self.bindings = bindings
  }

  /// The object named `name`.
  public subscript(name: String) -> (any KeyValueCoding)? { objects[name] }

  /// The object named `name`, if it has the type `type`.
  public func object<Object>(named name: String, as type: Object.Type) -> Object? {
    objects[name] as? Object
  }

  /// Tells the objects that adopt ``SpecAwaking`` that the file is loaded, once each, in the order of
  /// the file (for a loader that checks more after the file's own load, as a screen does).
  package func awakeObjects() {
    for name in names { (objects[name] as? any SpecAwaking)?.awakeFromSpec() }
  }

  /// Ends every binding, and stops the lists following their controllers.
  public func unbind() {
    bindings.unbind()
  }
}
