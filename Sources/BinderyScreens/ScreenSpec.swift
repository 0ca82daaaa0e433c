public import Bindery
public import BinderyControllers
import BinderyControls
public import BinderySpec

/// Loads a screen of controls declared in a spec file (a browser page, a desktop window): its controls,
/// their properties and bindings, with the screen's model as one of the file's objects.
///
/// Every front end loads the same file through this loader, so one file makes a page and a window
/// alike. Beside the headless controls (`HeadlessControls.classes`), a file may name `Panel` (a
/// container with a title and a layout), `SecureField` (a `HeadlessTextField` whose text is hidden),
/// `NumberField` (a `HeadlessTextField` that holds a number: a spin button on the desktop),
/// `Checkbox` (a `HeadlessSwitch` drawn as a box), `FieldLabel` (`text:` and the `target:` it
/// names) and the lists of `lists` (`List` with `content:` and a `row:` template). The model's class
/// name makes no new object: it stands for the screen's model, which is also the file's `$root`.
///
/// ```swift
/// let screen = try ScreenSpec.load(
///   contentsOf: path, model: controller, modelClass: "PeopleViewController", root: "Page",
///   lists: HeadlessControls.lists)
/// screen.root      // the Panel named Page
/// screen.objects["FirstNameField"]
/// ```
public enum ScreenSpec {
  /// Loads the screen at `path`.
  ///
  /// - Parameters:
  ///   - path: The spec file.
  ///   - model: The screen's model; the file's objects of class `modelClass` are this object.
  ///   - modelClass: The model's class name in the file.
  ///   - root: The name of the screen's root object (a `Panel` or a `HeadlessView`).
  ///   - lists: The list classes the front end draws (what `class: List` makes).
  ///   - transformers: Where `transformer:` attributes are looked up.
  ///   - delegate: The delegate of every binding the file makes, its list rows' too (held weakly).
  ///   - configure: Registers the screen's own classes and actions.
  ///   - isolation: The actor that owns the screen's controls, where a binding declared with a
  ///     `pacing` writes the user's edits: the caller's, by default.
  /// - Returns: The root, the file's objects and the controls drawn in a style.
  /// - Throws: ``SpecLoadError`` with every problem of the file, or when `root` names no object;
  ///   nothing stays bound then.
  public static func load<Model: KeyValueCoding & AnyObject & SendableMetatype>(
    contentsOf path: String,
    model: Model,
    modelClass: String,
    root: String,
    lists: [any ArrangedListClass],
    transformers: BindingTransformerRegistry = .shared,
    delegate: (any BindingDelegate)? = nil,
    configure: (SpecClassRegistry) -> Void = { _ in },
    isolation: (any Actor)? = #isolation
  ) throws(SpecLoadError) -> LoadedScreen {
    let styled = StyledObjects()
    // The headless controls are registered once for every load; the load's own registry, which its
    // screen keeps for the rows of its lists, holds only what this load adds.
    let classes = SpecClassRegistry(fallback: headlessControls)
    classes.register([], lists: lists)
    classes.register(Panel.self) { Panel() }
    classes.register(FieldLabel.self) { FieldLabel() }
    classes.register(HeadlessTextField.self, names: ["SecureField"]) {
      let field = HeadlessTextField()
      styled.add(field, .secure)
      return field
    }
    classes.register(HeadlessTextField.self, names: ["NumberField"]) {
      let field = HeadlessTextField()
      styled.add(field, .number)
      return field
    }
    classes.register(HeadlessSwitch.self, names: ["Checkbox"]) {
      let control = HeadlessSwitch()
      styled.add(control, .checkbox)
      return control
    }
    let modelReference = ModelReference(model)
    classes.register(Model.self, names: [modelClass]) { modelReference.model }
    configure(classes)
    let objects = try SpecFile.loadLeavingAwakening(
      contentsOf: path, classes: classes, transformers: transformers, root: model, delegate: delegate,
      isolation: isolation)
    guard let rootObject = objects[root] else {
      objects.unbind()
      throw SpecLoadError([
        SpecError(file: path, line: 1, column: 1, kind: .unknownReference, message: "no object is named \"\(root)\"")
      ])
    }
    // The screen is whole: its objects that ask are told now, never for a screen refused above.
    objects.awakeObjects()
    return LoadedScreen(root: rootObject, objects: objects, model: model, styleBook: styled)
  }
}

/// The headless controls' classes, shared by every load.
private let headlessControls: SpecClassRegistry = {
  let classes = SpecClassRegistry()
  classes.register(HeadlessControls.classes)
  return classes
}()

/// The screen's model, handed to the class registry's `make`; the registry lives only during one
/// load on the screen's actor.
private final class ModelReference<Model: AnyObject>: @unchecked Sendable {
  let model: Model
  init(_ model: Model) { self.model = model }
}
