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
  /// Every binding the file declared.
  public let bindings: BindingSet
  /// What keeps the file's lists following their controllers.
  let tokens: [KeyValueObservation]

  init(names: [String], objects: [String: any KeyValueCoding], bindings: BindingSet, tokens: [KeyValueObservation] = [])
  {
    self.names = names
    self.objects = objects
    self.bindings = bindings
    self.tokens = tokens
  }

  /// The object named `name`.
  public subscript(name: String) -> (any KeyValueCoding)? { objects[name] }

  /// The object named `name`, if it has the type `type`.
  public func object<Object>(named name: String, as type: Object.Type) -> Object? {
    objects[name] as? Object
  }

  /// Ends every binding, and stops the lists following their controllers.
  public func unbind() {
    bindings.unbind()
    for token in tokens { token.cancel() }
  }
}
