import Bindery

/// The server side of one element of a page: it reads its control for the page's tree, sends each
/// change of the control's properties as a patch, and turns the page's edits into user edits of the
/// control, so they flow to the model through the control's bindings.
class WebMirror {
  /// The element's id, unique in its page.
  let id: String
  /// The element's kind in the page's tree (`text`, `label`, `button`, `list`…).
  let kind: String
  /// The property a user edits (`text`, `on`, `value`…), or `nil` for elements a user does not edit.
  var valueKey: String? { nil }
  /// The elements inside this one.
  var children: [WebMirror] { [] }

  let collector: PatchCollector
  private var tokens: [KeyValueObservation] = []

  init(id: String, kind: String, collector: PatchCollector) {
    self.id = id
    self.kind = kind
    self.collector = collector
  }

  /// The element's properties, as the page shows them now.
  func properties() -> [(key: String, value: JSONValue)] { [] }

  /// The element and everything in it.
  func snapshot() -> JSONValue {
    var fields: [(key: String, value: JSONValue)] = [
      ("id", .string(id)), ("kind", .string(kind)), ("props", .object(properties())),
    ]
    let children = self.children
    if !children.isEmpty { fields.append(("children", .array(children.map { $0.snapshot() }))) }
    return .object(fields)
  }

  /// A user's edit of the element's value.
  ///
  /// - Throws: ``WebInputError`` when the value does not fit or the element is disabled; nothing changed.
  func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    throw WebInputError(.notEditable, "a \(kind) cannot be edited", elementID: id)
  }

  /// A user's action (a click).
  ///
  /// - Throws: ``WebInputError`` when the element takes no action or is disabled; nothing changed.
  func receiveAction() throws(WebInputError) {
    throw WebInputError(.notEditable, "a \(kind) has no action", elementID: id)
  }

  /// The user pressed Escape while editing the element: its pending edit is dropped.
  ///
  /// - Throws: ``WebInputError`` when the element is not edited that way; nothing changed.
  func receiveDiscard() throws(WebInputError) {
    throw WebInputError(.notEditable, "a \(kind) has no edit to discard", elementID: id)
  }

  /// The user pressed Delete in the element: its selected items are removed.
  ///
  /// - Throws: ``WebInputError`` when the element has nothing to remove that way; nothing changed.
  func receiveDelete() throws(WebInputError) {
    throw WebInputError(.notEditable, "a \(kind) has nothing to delete", elementID: id)
  }

  /// Sends each change of `keyPath` of `control` to the page as `key`.
  func watch<Control: AnyObject, Value>(
    _ control: Control, _ keyPath: KeyPath<Control, Value>, as key: String, _ encode: @escaping (Value) -> JSONValue
  ) {
    let id = self.id
    let collector = self.collector
    tokens.append(
      observe(control, keyPath) { change in
        collector.set(id, key, encode(change.newValue))
      })
  }

  /// Keeps `token` until the mirror stops.
  func track(_ token: KeyValueObservation) {
    tokens.append(token)
  }

  /// Ends the mirror's observations (its element left the page).
  func stop() {
    tokens.forEach { $0.unbind() }
    tokens = []
    children.forEach { $0.stop() }
  }

  func wrongType(_ expected: String) -> WebInputError {
    WebInputError(.wrongValueType, "a \(kind) takes \(expected)", elementID: id)
  }

  func disabled() -> WebInputError {
    WebInputError(.disabled, "the \(kind) is disabled", elementID: id)
  }
}
