import Bindery

/// An app's own control (`kind: element`), shown as its class's ``WebElement`` says: the tree carries
/// the element's tag and its events, `props` the declared properties (`a:name` attributes, `p:name`
/// DOM properties, `text`, `enabled`, `hidden`); an event's value is the control's user edit.
final class CustomControlMirror<Control: WebControl>: WebMirror {
  let control: Control
  let element: WebElement<Control>

  init(_ control: Control, element: WebElement<Control>, id: String, collector: PatchCollector) {
    self.control = control
    self.element = element
    super.init(id: id, kind: "element", collector: collector)
    for shown in element.shown {
      let key = shown.key
      track(shown.observe(control) { value in collector.set(id, key, value) })
    }
  }

  override var valueKey: String? { element.edits.first.map { "p:" + $0.property } }

  override func properties() -> [(key: String, value: JSONValue)] {
    element.shown.map { ($0.key, $0.read(control)) }
  }

  override func snapshot() -> JSONValue {
    var fields: [(key: String, value: JSONValue)] = [
      ("id", .string(id)), ("kind", .string(kind)), ("tag", .string(element.tag)),
      ("props", .object(properties())),
    ]
    if !element.edits.isEmpty {
      let edits = element.edits.map { edit in
        JSONValue.object([("event", .string(edit.event)), ("read", .string(edit.property))])
      }
      fields.append(("edits", .array(edits)))
    }
    return .object(fields)
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard let first = element.edits.first else {
      throw WebInputError(.notEditable, "a \(element.tag) cannot be edited", elementID: id)
    }
    // The first edit whose type the value fits takes it.
    for edit in element.edits {
      guard let taken = edit.apply(control, value) else { continue }
      if taken { return }
      throw disabled()
    }
    throw wrongType(first.typeName)
  }
}

extension WebControl {
  /// The element's tag and the script that defines it.
  static var elementScript: (tag: String, script: String?) { (webElement.tag, webElement.script) }

  /// The mirror of this control, as its class's element says; `nil` (and the problems) when the
  /// description breaks the rules of ``WebElement``.
  func makeWebMirror(id: String, collector: PatchCollector) -> (WebMirror?, problems: [String]) {
    let element = Self.webElement
    let problems = element.problems
    guard problems.isEmpty else { return (nil, problems) }
    return (CustomControlMirror(self, element: element, id: id, collector: collector), [])
  }
}
