import BinderyControls

/// Makes the mirrors of one session's page and keeps them by id.
final class MirrorBuilder {
  let collector: PatchCollector
  /// Every element of the page, by id.
  private(set) var mirrors: [String: WebMirror] = [:]
  /// The control or view of every element, by id (what the page's bindings target).
  private(set) var elements: [String: AnyObject] = [:]
  /// What is wrong with the elements of an app's own controls that could not be shown (``WebElement``).
  private(set) var problems: [String] = []
  private let names: [ObjectIdentifier: String]
  private let styles: [ObjectIdentifier: ControlStyle]
  private let styleOfUnstyled: (AnyObject) -> ControlStyle?
  private var counter = 0
  /// The ids made up for elements that have no name, so that a label finds the id of the element it
  /// names whichever of the two is mirrored first. Entries of objects that are gone are dropped now
  /// and then (`pruneAt`), so a page whose rows come and go does not grow this without end.
  private var madeUpIDs: [ObjectIdentifier: MadeUpID] = [:]
  private var pruneAt = 64

  init(
    collector: PatchCollector, names: [ObjectIdentifier: String], styles: [ObjectIdentifier: ControlStyle],
    styleOfUnstyled: @escaping (AnyObject) -> ControlStyle? = { _ in nil }
  ) {
    self.styleOfUnstyled = styleOfUnstyled
    self.collector = collector
    self.names = names
    self.styles = styles
  }

  /// A new id for an element that has no name (`~1`, `~2`…; names cannot start with `~`).
  func generatedID() -> String {
    counter += 1
    return "~\(counter)"
  }

  /// The id of `object`'s element: its name, or the id made up for it (made now if it has none yet).
  func id(for object: AnyObject) -> String {
    let key = ObjectIdentifier(object)
    if let name = names[key] { return name }
    if let madeUp = madeUpIDs[key], madeUp.object === object { return madeUp.id }
    if madeUpIDs.count >= pruneAt {
      madeUpIDs = madeUpIDs.filter { $0.value.object != nil }
      pruneAt = max(64, 2 * madeUpIDs.count)
    }
    let id = generatedID()
    madeUpIDs[key] = MadeUpID(object: object, id: id)
    return id
  }

  /// The mirror of `object` and of everything inside it, or `nil` for an object a page cannot show.
  func mirror(for object: AnyObject) -> WebMirror? {
    let key = ObjectIdentifier(object)
    let id = self.id(for: object)
    let style = styles[key] ?? styleOfUnstyled(object)
    let mirror: WebMirror
    switch object {
    // Bindery's own simple controls are described as an app's are (their WebElements in
    // Controls/Builtin): a switch styled as a checkbox by the other of its two descriptions.
    case let control as HeadlessSwitch where style == .checkbox:
      guard let made = elementMirror(control, HeadlessSwitch.checkboxWebElement, id: id) else { return nil }
      mirror = made
    // An editable level indicator is a rating of stars, a mirror of its own (its element is a meter).
    case let indicator as HeadlessLevelIndicator where indicator.isEditable:
      mirror = RatingMirror(indicator, id: id, collector: collector)
    case let control as any WebControl:
      let (made, problems) = control.makeWebMirror(id: id, builder: self)
      guard let made else {
        self.problems += problems.map { "\(type(of: control)): \($0)" }
        return nil
      }
      mirror = made
    // The text field and the list stay mirrors of their own: a field's editing session (typing is an
    // edit, Return or leaving it the end of editing, Escape a discard, its validation error beside
    // it) and a list's rows, selection and listbox keyboard are more than an element's properties and
    // events. A field label names another element by its id, and a panel holds other elements.
    case let field as HeadlessTextField:
      mirror = TextFieldMirror(field, id: id, style: style, collector: collector)
    case let view as HeadlessTextView: mirror = TextViewMirror(view, id: id, collector: collector)
    case let view as HeadlessImageView: mirror = ImageViewMirror(view, id: id, collector: collector)
    case let tabView as HeadlessTabView:
      // Each view a page can show, with the index of the tab that shows it.
      let contents = tabView.view.subviews.enumerated().compactMap { tab, view in
        self.mirror(for: view).map { (tab: tab, mirror: $0) }
      }
      mirror = TabViewMirror(tabView, id: id, contents: contents, collector: collector)
    case let label as FieldLabel: mirror = FieldLabelMirror(label, id: id, builder: self)
    case let panel as Panel:
      let contents = (panel.view?.subviews ?? []).compactMap { self.mirror(for: $0) }
      mirror = ContainerMirror(panel: panel, id: id, contents: contents, collector: collector)
    case let view as HeadlessView:
      let contents = view.subviews.compactMap { self.mirror(for: $0) }
      mirror = ContainerMirror(view: view, id: id, contents: contents, collector: collector)
    case let table as any WebTableRendering:
      mirror = table.makeTableMirror(id: id, builder: self)
    case let outline as any WebOutlineRendering:
      mirror = outline.makeOutlineMirror(id: id, builder: self)
    case let list as any WebListRendering:
      mirror = list.makeMirror(id: id, builder: self)
    default:
      return nil
    }
    mirrors[id] = mirror
    elements[id] = object
    return mirror
  }

  /// The mirror of `control` as `element` describes it, or `nil` (its problems kept) when the
  /// description breaks the rules of ``WebElement``.
  private func elementMirror<Control: AnyObject>(_ control: Control, _ element: WebElement<Control>, id: String)
    -> WebMirror?
  {
    let (made, problems) = element.makeMirror(for: control, id: id, builder: self)
    self.problems += problems.map { "\(Control.self): \($0)" }
    return made
  }

  /// Drops `mirror` and everything inside it (their element left the page).
  func forget(_ mirror: WebMirror) {
    mirror.stop()
    forgetIDs(mirror)
  }

  private func forgetIDs(_ mirror: WebMirror) {
    mirrors[mirror.id] = nil
    elements[mirror.id] = nil
    mirror.children.forEach { forgetIDs($0) }
  }
}

/// An id made up for an element without a name, and the element (held weakly: an id of an object
/// that is gone is not handed to a new object at the same address).
private struct MadeUpID {
  weak var object: AnyObject?
  let id: String
}
