public import Bindery
import BinderyControls
import BinderyScreens
public import BinderySpec

/// Loads a page declared in a spec file: its elements, their properties and
/// bindings, with the page's model as one of the file's objects.
///
/// Beside the headless controls (`HeadlessTextField`, `HeadlessLabel`, `HeadlessButton`, `HeadlessSwitch`, `HeadlessSlider`, `HeadlessView`), a page's
/// file may name `Panel` (a container with a title and a layout), `HeadlessStepper`, `HeadlessPopUpButton`,
/// `SecureField` (a `HeadlessTextField` whose text is hidden), `NumberField` (a `HeadlessTextField` that
/// holds a number, with a numeric keyboard), `TextView` (a `HeadlessTextField` of several lines, a
/// `<textarea>`), `Checkbox` (a `HeadlessSwitch` drawn as a box),
/// `FieldLabel` (a ``FieldLabel``: `text:` and the `target:` it names, a `<label for=…>` in the page) and
/// `List` (a ``WebList`` with `content:` and a `row:` template, as BinderySpec's lists) and
/// `TableView` (`NSTableView`: a `HeadlessTableView` with `content:` and `columns:`, a
/// `<table role="grid">` whose headers sort). The
/// model's class name makes no new object: it stands for the session's model, which is also the
/// file's `$root` (`{value: '$root.isSaving'}` reads it from anywhere, a list's rows included). Every
/// object's name in the file is its element's id in the page.
///
/// ```yaml
/// ViewController:
///   class: PersonViewController     # the session's model
/// Page:
///   class: Panel
///   view:
///     subviews: [/FirstNameLabel, /FirstNameField]
/// FirstNameLabel:
///   class: FieldLabel
///   text: First name
///   target: /FirstNameField
/// FirstNameField:
///   class: TextField
///   placeholder: First name
///   bindings:
///     text: {to: /ViewController, value: 'person.firstName'}
/// ```
///
/// ```swift
/// let (content, objects) = try WebSpec.load(
///   contentsOf: path, model: controller, modelClass: "PersonViewController", root: "Page")
/// ```
public enum WebSpec {
  /// Loads the page at `path`.
  ///
  /// - Parameters:
  ///   - path: The spec file.
  ///   - model: The session's model; the file's objects of class `modelClass` are this object.
  ///   - modelClass: The model's class name in the file.
  ///   - root: The name of the page's root element (a `Panel` or a `HeadlessView`).
  ///   - transformers: Where `transformer:` attributes are looked up.
  ///   - delegate: The delegate of every binding the file makes, its list rows' too (held weakly): it
  ///     hears each update and may veto a user's edit.
  ///   - configure: Registers the page's own classes and actions (the class of a list's items, so its
  ///     row template can be checked; `registerAction` for buttons).
  ///   - isolation: The actor that owns the page's controls, where a binding declared with a `pacing`
  ///     writes the user's edits: the caller's, by default.
  /// - Returns: The page's content and the file's objects, to finish in code what the file cannot say
  ///   (buttons' actions, lists).
  /// - Throws: ``SpecLoadError`` with every problem of the file, or when `root` names no object.
  public static func load<Model: KeyValueCoding & AnyObject & SendableMetatype>(
    contentsOf path: String,
    model: Model,
    modelClass: String,
    root: String,
    transformers: BindingTransformerRegistry = .shared,
    delegate: (any BindingDelegate)? = nil,
    configure: (SpecClassRegistry) -> Void = { _ in },
    isolation: (any Actor)? = #isolation
  ) throws(SpecLoadError) -> (content: WebContent, objects: SpecObjects) {
    let loaded = try ScreenSpec.load(
      contentsOf: path, model: model, modelClass: modelClass, root: root,
      lists: [WebListClass(), HeadlessControls.table, HeadlessControls.outline],
      transformers: transformers, delegate: delegate, configure: configure, isolation: isolation)
    let content = WebContent(root: loaded.root, bindings: loaded.objects.bindings)
    for (name, object) in loaded.namedControls { content.name(object, name) }
    content.styleOfUnstyled = { loaded.style(of: $0) }
    return (content, loaded.objects)
  }
}
