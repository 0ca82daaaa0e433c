import Bindery

/// A control shown as a ``WebElement`` describes it (`kind: element`): an app's own control, and
/// Bindery's built-in label, button, switch, checkbox, slider, stepper and pop-up button alike. The
/// tree carries the element's tag, its fixed attributes (`attrs`), the element it sits in
/// (`wrapper`), its edit events and its action events; `props` the declared properties (`a:name`
/// attributes, `p:name` DOM properties, `c:name` classes, `text`, `options`, `enabled`, `hidden`,
/// and `focuses`, the id of the element that takes the focus after an action). An edit event's value
/// is the control's user edit, an action event the control's action.
final class CustomControlMirror<Control: AnyObject>: WebMirror {
  let control: Control
  let element: WebElement<Control>
  /// The id of the element that takes the focus after an action, if the description names one.
  private let focusID: String?

  init(_ control: Control, element: WebElement<Control>, id: String, builder: MirrorBuilder) {
    self.control = control
    self.element = element
    self.focusID = element.focusTarget.flatMap { $0(control) }.map { builder.id(for: $0) }
    let collector = builder.collector
    super.init(id: id, kind: "element", collector: collector)
    for shown in element.shown {
      let key = shown.key
      track(shown.observe(control) { value in collector.set(id, key, value) })
    }
  }

  override var valueKey: String? { element.edits.first.map { "p:" + $0.property } }

  override func properties() -> [(key: String, value: JSONValue)] {
    var properties = element.shown.map { ($0.key, $0.read(control)) }
    if element.focusTarget != nil { properties.append(("focuses", focusID.map { .string($0) } ?? .null)) }
    return properties
  }

  override func snapshot() -> JSONValue {
    var fields: [(key: String, value: JSONValue)] = [
      ("id", .string(id)), ("kind", .string(kind)), ("tag", .string(element.tag)),
    ]
    if !element.fixed.isEmpty {
      fields.append(("attrs", .object(element.fixed.map { ($0.name, .string($0.value)) })))
    }
    if let wrapper = element.wrapper {
      fields.append(("wrapper", .object([("tag", .string(wrapper.tag)), ("class", JSONValue(wrapper.className))])))
    }
    fields.append(("props", .object(properties())))
    if !element.edits.isEmpty {
      let edits = element.edits.map { edit in
        JSONValue.object([("event", .string(edit.event)), ("read", .string(edit.property))])
      }
      fields.append(("edits", .array(edits)))
    }
    if !element.actions.isEmpty {
      fields.append(("actions", .array(element.actions.map { .object([("event", .string($0))]) })))
    }
    return .object(fields)
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard let first = element.edits.first else {
      throw WebInputError(.notEditable, "a <\(element.tag)> cannot be edited", elementID: id)
    }
    // The first edit whose type the value fits takes it.
    for edit in element.edits {
      guard let taken = edit.apply(control, value) else { continue }
      if taken { return }
      throw disabled()
    }
    throw WebInputError(.wrongValueType, "a <\(element.tag)> takes \(first.typeName)", elementID: id)
  }

  override func receiveAction() throws(WebInputError) {
    guard let perform = element.perform else {
      throw WebInputError(.notEditable, "a <\(element.tag)> has no action", elementID: id)
    }
    guard perform(control) else { throw WebInputError(.disabled, "the <\(element.tag)> is disabled", elementID: id) }
  }

  override func disabled() -> WebInputError {
    WebInputError(.disabled, "the <\(element.tag)> is disabled", elementID: id)
  }
}

extension WebElement {
  /// The mirror of `control` as this description says; `nil` (and the problems) when the
  /// description breaks the rules of ``WebElement``.
  func makeMirror(for control: Control, id: String, builder: MirrorBuilder) -> (WebMirror?, problems: [String]) {
    let problems = self.problems
    guard problems.isEmpty else { return (nil, problems) }
    return (CustomControlMirror(control, element: self, id: id, builder: builder), [])
  }
}

extension WebControl {
  /// The element's tag and the script that defines it.
  static var elementScript: (tag: String, script: String?) { (webElement.tag, webElement.script) }

  /// The mirror of this control, as its class's element says; `nil` (and the problems) when the
  /// description breaks the rules of ``WebElement``.
  func makeWebMirror(id: String, builder: MirrorBuilder) -> (WebMirror?, problems: [String]) {
    Self.webElement.makeMirror(for: self, id: id, builder: builder)
  }
}
