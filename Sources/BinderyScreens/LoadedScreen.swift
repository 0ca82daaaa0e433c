public import BinderyControls
public import BinderySpec

/// A screen loaded by ``ScreenSpec``: its root, the file's objects by name, and the controls drawn
/// in a style.
public struct LoadedScreen {
  /// The screen's root object.
  public let root: AnyObject
  /// The file's objects by name, and its bindings.
  public let objects: SpecObjects
  /// The screen's model (the file's objects of the model's class).
  public let model: AnyObject
  let styleBook: StyledObjects

  /// The style `control` is drawn in (a `SecureField`, a `Checkbox`), or `nil` for the plain form;
  /// controls of lists' rows made later, when their rows appear, included.
  public func style(of control: AnyObject) -> ControlStyle? {
    styleBook.style(of: control)
  }

  /// The file's named objects other than the model, by name.
  package var namedControls: [(name: String, object: AnyObject)] {
    objects.names.compactMap { name in
      guard let object = objects[name], object !== model else { return nil }
      return (name, object)
    }
  }
}
