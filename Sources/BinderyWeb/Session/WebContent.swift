public import Bindery
public import BinderyControllers
public import BinderyControls

/// What one session's page is made of: its root element, the element ids, and everything that must
/// live as long as the page (objects, bindings, observations).
///
/// ```swift
/// let page = WebPage(title: "Greeting", model: { Greeting() }) { greeting, _ in
///   let name = HeadlessTextField(placeholder: "Name")
///   let hello = HeadlessLabel()
///   let bindings = BindingSet()
///   name.bind(\.text, to: greeting, \.name).store(in: bindings)
///   hello.bind(\.text, to: greeting, \.message).store(in: bindings)
///   return WebContent(root: Panel(subviews: [name, hello]), ids: ["Name": name, "Hello": hello], bindings: bindings)
/// }
/// ```
public final class WebContent {
  /// The page's root element: a ``Panel``, a `HeadlessView`, or a single control.
  public let root: AnyObject
  /// The ids of named elements (the others get ids made up by the page).
  public private(set) var ids: [ObjectIdentifier: String] = [:]
  /// Styles of controls that have more than one form.
  public private(set) var styles: [ObjectIdentifier: ControlStyle] = [:]
  /// The page's bindings; they end with the session.
  public let bindings: BindingSet
  /// What the page's Undo and Redo (Ctrl+Z, Ctrl+Shift+Z) undo and redo: usually the history of the
  /// store-backed content the page edits. `nil` (the default): the page has no undo.
  public var undoHistory: EditHistory?
  /// The style of a control ``styles`` does not name (a spec file's controls, those of rows made
  /// later included).
  var styleOfUnstyled: (AnyObject) -> ControlStyle? = { _ in nil }
  /// The objects kept alive as long as the page (its named elements and the file's objects among them).
  private(set) var retained: [AnyObject] = []
  private var tokens: [KeyValueObservation] = []

  /// Creates a page's content.
  ///
  /// - Parameters:
  ///   - root: The root element.
  ///   - ids: Element ids by element; an id must not start with `~`.
  ///   - bindings: The page's bindings.
  public init(root: AnyObject, ids: [String: AnyObject] = [:], bindings: BindingSet = BindingSet()) {
    self.root = root
    self.bindings = bindings
    retained.append(root)
    for (id, object) in ids where !id.hasPrefix("~") {
      self.ids[ObjectIdentifier(object)] = id
      retained.append(object)
    }
  }

  /// Gives `element` the id `id` (ids starting with `~` are reserved).
  public func name(_ element: AnyObject, _ id: String) {
    guard !id.hasPrefix("~") else { return }
    ids[ObjectIdentifier(element)] = id
    retained.append(element)
  }

  /// Shows `element` in the given style.
  public func style(_ element: AnyObject, _ style: ControlStyle) {
    styles[ObjectIdentifier(element)] = style
    retained.append(element)
  }

  /// Keeps `object` alive as long as the page.
  public func retain(_ object: AnyObject) {
    retained.append(object)
  }

  /// Keeps an observation going as long as the page.
  public func keep(_ token: KeyValueObservation) {
    tokens.append(token)
  }

  /// Ends the page's bindings and observations.
  func end() {
    bindings.unbind()
    tokens.forEach { $0.unbind() }
    tokens = []
  }
}
