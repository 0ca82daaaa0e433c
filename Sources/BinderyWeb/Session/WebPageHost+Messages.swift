import Bindery
import Logging

extension WebPageHost {
  /// Handles one message's text from a page (parsed and checked here), then sends every tab the
  /// changes it caused. The server parses messages before they reach the host, with
  /// ``receive(_:from:)-(ClientMessage,_)``, so that a slow message delays only its own socket.
  public func receive(_ text: String, from connection: WebConnection) async {
    let request: ClientRequest
    do throws(WebInputError) {
      var messageLimits = JSONLimits.message
      messageLimits.maxBytes = limits.maxMessageBytes
      request = try ClientRequest.parse(text, limits: messageLimits)
    } catch {
      return refuse(error, from: connection)
    }
    await receive(request, from: connection)
  }

  /// Handles one parsed message from a page, then sends every tab the changes it caused.
  public func receive(_ message: ClientMessage, from connection: WebConnection) async {
    await receive(ClientRequest(message), from: connection)
  }

  /// Handles one parsed message from a page; for a numbered message that was applied, sends its
  /// `ack` to the page that sent it; then sends every tab the changes it caused. A value a page gets
  /// before the `ack` of its own edit was sent before the edit was made (the page keeps its edit);
  /// what the edit caused comes after.
  ///
  /// An edit whose save to a database is still under way (``Bindery/PendingSave``) is shown to every
  /// tab at once; its `ack` (or its `notKept` error) waits for the save, and the host's actor is free
  /// meanwhile, so a slow database holds up only the tab that is waiting for its save.
  public func receive(_ request: ClientRequest, from connection: WebConnection) async {
    let message = request.message
    var applied = false
    do throws(WebInputError) {
      if case .hello(let resume, let tab) = message {
        try hello(resume: resume, tab: tab, connection: connection)
      } else {
        guard let session = attached[ObjectIdentifier(connection)] else {
          throw WebInputError(.noSession, "send hello first")
        }
        try await handleKeepingTrack(message, in: session)
      }
      applied = true
    } catch {
      refuse(error, from: connection)
    }
    if applied, let sequence = request.sequence { connection.outbox.send(ServerMessage.ack(sequence).text) }
    flushAll()
  }

  /// Handles `message` in `session`; a change the model could not keep while it was applied (a save
  /// the database refused or could not write, a failed Add, Remove, Undo or Redo: reported with
  /// `UserEditing.reportFailure(_:)`, the model already put back) throws ``WebInputError/Code/notKept``,
  /// so the page is told and the message is not acknowledged.
  ///
  /// Saves the edit handed off (``Bindery/UserEditing/collectingPendingSaves(_:)``) are waited for
  /// without holding the actor (other tabs' messages are handled meanwhile; this tab's next message
  /// waits, as its socket hands them over one at a time), then finished here.
  private func handleKeepingTrack(_ message: ClientMessage, in session: WebSession) async throws(WebInputError) {
    var refusal: WebInputError?
    var pending: [PendingSave] = []
    var failures = UserEditing.collectingFailures {
      pending = UserEditing.collectingPendingSaves {
        do throws(WebInputError) {
          try session.handle(message)
        } catch {
          refusal = error
        }
      }
    }
    if !pending.isEmpty {
      // Every tab sees the edit while its save is under way.
      flushAll()
      for save in pending where !save.isDone { await save.waitUntilDone() }
      failures += UserEditing.collectingFailures { for save in pending { save.finish() } }
    }
    if let refusal { throw refusal }
    guard let failure = failures.first else { return }
    let elementID: String? =
      switch message {
      case .edit(let id, _), .action(let id), .discard(let id), .delete(let id): id
      default: nil
      }
    let what =
      switch message {
      case .undo: "the undo"
      case .redo: "the redo"
      case .action: "the action"
      case .delete: "the removal"
      default: "the change"
      }
    // Logged where it failed (the store) and, as every refusal, by `refuse`: not a third time here.
    throw WebInputError(.notKept, "\(what) was not saved: \(failure)", elementID: elementID)
  }

  /// Answers a page's refused message with an `error` to that page only; nothing changes.
  public func refuse(_ error: WebInputError, from connection: WebConnection) {
    logRefusal(error)
    connection.outbox.send(ServerMessage.error(error).text)
  }

  /// Refuses a message that is not text (a binary frame).
  public func receiveBinary(from connection: WebConnection) {
    refuse(WebInputError(.malformedMessage, "messages are text"), from: connection)
  }

  /// Logs a refusal at debug level, and a warning at most every 10 seconds with how many there were.
  private func logRefusal(_ error: WebInputError) {
    var metadata: Logger.Metadata = [
      "code": "\(error.code.rawValue)", "reason": "\(LogText.clip(error.message, max: 200))",
    ]
    if let id = error.elementID { metadata["element"] = "\(LogText.clip(id, max: 80))" }
    logger.debug("refused a message", metadata: metadata)
    refusalsSinceWarning += 1
    let now = ContinuousClock.now
    if let last = lastRefusalWarning, now - last < .seconds(10) { return }
    metadata["refusals"] = "\(refusalsSinceWarning)"
    logger.warning("refused a message", metadata: metadata)
    lastRefusalWarning = now
    refusalsSinceWarning = 0
  }
}
