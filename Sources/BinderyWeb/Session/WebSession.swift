/// One browser tab's page on the server: its content, its mirrors by element id, the patches of the
/// current propagation, and the connection it sends them to (none while the tab is reconnecting).
///
/// Used only on its ``WebPageHost``'s actor.
final class WebSession {
  let token: String
  let model: AnyObject
  let content: WebContent
  let root: WebMirror?
  let builder: MirrorBuilder
  let collector: PatchCollector
  /// The address of the client that made the session (per-address limits count by it).
  let address: String
  /// The random name of the tab that holds the session, if it gave one: a reload of the same tab
  /// may take the session back from a socket not yet seen closed; another tab may not.
  let tab: String?
  var connection: WebConnection?
  /// A short name for logs: part of the token (never the whole of it).
  var shortName: Substring { token.dropFirst(8).prefix(8) }
  /// Whether the page's outbox overflowed since the host last looked (it does not read in time).
  var didOverflow = false

  init(token: String, model: AnyObject, content: WebContent, address: String, tab: String?) {
    self.token = token
    self.address = address
    self.tab = tab
    self.model = model
    self.content = content
    let collector = PatchCollector()
    self.collector = collector
    let builder = MirrorBuilder(
      collector: collector, names: content.ids, styles: content.styles, styleOfUnstyled: content.styleOfUnstyled)
    self.builder = builder
    root = builder.mirror(for: content.root)
  }

  /// The whole page.
  func resetMessage(title: String, reason: ResetReason, maxMessageBytes: Int) -> ServerMessage {
    collector.discard()
    let tree = root?.snapshot() ?? .object([("id", "~0"), ("kind", "panel"), ("props", .object([]))])
    return .reset(session: token, title: title, tree: tree, reason: reason, maxMessageBytes: maxMessageBytes)
  }

  /// Applies a page's edit or action to its element.
  ///
  /// - Throws: ``WebInputError`` for an unknown element, a value that does not fit, a disabled
  ///   element; nothing changed then.
  func handle(_ message: ClientMessage) throws(WebInputError) {
    switch message {
    case .hello:
      return
    case .edit(let id, let value):
      let mirror = try element(id)
      if let key = mirror.valueKey { collector.expectEcho(id: id, key: key, value: value) }
      try mirror.receiveEdit(value)
    case .action(let id):
      try element(id).receiveAction()
    case .discard(let id):
      try element(id).receiveDiscard()
    case .delete(let id):
      try element(id).receiveDelete()
    case .undo:
      guard let history = content.undoHistory else {
        throw WebInputError(.malformedMessage, "this page has nothing to undo")
      }
      history.undo()
    case .redo:
      guard let history = content.undoHistory else {
        throw WebInputError(.malformedMessage, "this page has nothing to redo")
      }
      history.redo()
    }
  }

  /// Sends the patches of this propagation, as one message, if there are any and a page to send to.
  ///
  /// - Parameter previous: The last message another session sent in this propagation; tabs of a
  ///   shared model usually get the same operations, which are then written once.
  /// - Returns: The message sent, for the next session.
  @discardableResult
  func flush(reusing previous: (operations: [PatchOperation], text: String)? = nil) -> (
    operations: [PatchOperation], text: String
  )? {
    let operations = collector.take()
    guard !operations.isEmpty, let connection else { return previous }
    let text: String
    if let previous, previous.operations == operations {
      text = previous.text
    } else {
      text = ServerMessage.patch(operations).text
    }
    if connection.outbox.send(text) { didOverflow = true }
    return (operations, text)
  }

  /// Ends the page: its observations and bindings.
  func end() {
    root?.stop()
    content.end()
  }

  private func element(_ id: String) throws(WebInputError) -> WebMirror {
    guard let mirror = builder.mirrors[id] else {
      throw WebInputError(.unknownElement, "no element has the id \"\(LogText.clip(id, max: 80))\"")
    }
    return mirror
  }
}
