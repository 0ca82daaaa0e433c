public import Bindery
public import BinderyControllers
public import BinderySpec

/// Loads a screen of controls declared in a spec file (a browser page, a desktop window): its controls,
/// their properties and bindings, with the screen's model as one of the file's objects.
///
/// Every front end loads the same file through this loader, so one file makes a page and a window
/// alike. Beside the headless controls (``HeadlessControls/classes``), a file may name ``Panel`` (a
/// container with a title and a layout), `SecureField` (a ``HeadlessTextField`` whose text is hidden),
/// `Checkbox` (a ``HeadlessSwitch`` drawn as a box), ``FieldLabel`` (`text:` and the `target:` it
/// names) and the lists of `lists` (`List` with `content:` and a `row:` template). The model's class
/// name makes no new object: it stands for the screen's model, which is also the file's `$root`.
///
/// ```swift
/// let screen = try ControlSpec.load(
///   contentsOf: path, model: controller, modelClass: "PeopleViewController", root: "Page",
///   lists: HeadlessControls.lists)
/// screen.root      // the Panel named Page
/// screen.objects["FirstNameField"]
/// ```
public enum ControlSpec {
  /// Loads the screen at `path`.
  ///
  /// - Parameters:
  ///   - path: The spec file.
  ///   - model: The screen's model; the file's objects of class `modelClass` are this object.
  ///   - modelClass: The model's class name in the file.
  ///   - root: The name of the screen's root object (a ``Panel`` or a ``HeadlessView``).
  ///   - lists: The list classes the front end draws (what `class: List` makes).
  ///   - transformers: Where `transformer:` attributes are looked up.
  ///   - delegate: The delegate of every binding the file makes, its list rows' too (held weakly).
  ///   - configure: Registers the screen's own classes and actions.
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
    configure: (SpecClassRegistry) -> Void = { _ in }
  ) throws(SpecLoadError) -> LoadedControls {
    let styled = StyledObjects()
    let classes = SpecClassRegistry()
    classes.register(HeadlessControls.classes, lists: lists)
    classes.register(Panel.self) { Panel() }
    classes.register(FieldLabel.self) { FieldLabel() }
    classes.register(HeadlessTextField.self, names: ["SecureField"]) {
      let field = HeadlessTextField()
      styled.add(field, .secure)
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
    let objects = try SpecFile.load(
      contentsOf: path, classes: classes, transformers: transformers, root: model, delegate: delegate)
    guard let rootObject = objects[root] else {
      objects.unbind()
      throw SpecLoadError([
        SpecError(file: path, line: 1, column: 1, kind: .unknownReference, message: "no object is named \"\(root)\"")
      ])
    }
    return LoadedControls(root: rootObject, objects: objects, model: model, styleBook: styled)
  }
}

/// A screen loaded by ``ControlSpec``: its root, the file's objects by name, and the controls drawn
/// in a style.
public struct LoadedControls {
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
  public var namedControls: [(name: String, object: AnyObject)] {
    objects.names.compactMap { name in
      guard let object = objects[name], object !== model else { return nil }
      return (name, object)
    }
  }
}

/// The screen's model, handed to the class registry's `make`; the registry lives only during one
/// load on the screen's actor.
private final class ModelReference<Model: AnyObject>: @unchecked Sendable {
  let model: Model
  init(_ model: Model) { self.model = model }
}

/// The controls the registry made in a style (secure fields, checkboxes): during the load, and later
/// for the rows of lists (their templates make them with the same registry). Held weakly: a control
/// that is gone has no style, and its address is not mistaken for a new control's.
final class StyledObjects: Sendable {
  private let entries = SharedLock<Entries>(Entries())

  private struct Entries {
    var byControl: [ObjectIdentifier: Entry] = [:]
    var pruneAt = 64
  }

  private struct Entry {
    weak var control: AnyObject?
    let style: ControlStyle
  }

  func add(_ control: AnyObject, _ style: ControlStyle) {
    let entry = UncheckedEntry(entry: Entry(control: control, style: style))
    entries.withLock { entries in
      if entries.byControl.count >= entries.pruneAt {
        entries.byControl = entries.byControl.filter { $0.value.control != nil }
        entries.pruneAt = max(64, 2 * entries.byControl.count)
      }
      entries.byControl[ObjectIdentifier(control)] = entry.entry
    }
  }

  func style(of control: AnyObject) -> ControlStyle? {
    let key = ObjectIdentifier(control)
    return entries.withLock { entries in
      guard let entry = entries.byControl[key], entry.control === control else { return nil }
      return entry.style
    }
  }

  /// An entry handed into the lock: its control is only compared there, never used.
  private struct UncheckedEntry: @unchecked Sendable {
    let entry: Entry
  }
}
