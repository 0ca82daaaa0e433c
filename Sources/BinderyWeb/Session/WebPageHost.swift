public import Logging

/// Serves one ``WebPage`` to any number of tabs: every session of the page, and the model they may
/// share, live on this actor, so edits from different tabs never race.
///
/// A host needs no socket: feed it messages' text and read what it queues for each connection. The
/// WebSocket server does just that.
///
/// ```swift
/// let host = WebPageHost(page: page)
/// let tab = WebConnection()
/// await host.receive(#"{"type":"hello"}"#, from: tab)
/// await host.receive(#"{"type":"edit","id":"FirstNameField","value":"Ada"}"#, from: tab)
/// tab.outbox.drain()  // [.message(reset…), .message(patch…)]
/// ```
///
/// Every inbound message is checked (size, JSON, type, element id, the value's type, whether the
/// element is enabled); a bad one is answered with an `error` message to its tab only, logged, and
/// changes nothing.
public actor WebPageHost {
  /// Limits of what a page may send and how long a closed tab's session waits for it.
  public struct Limits: Sendable {
    /// The largest message accepted from a page, in UTF-8 bytes.
    public var maxMessageBytes: Int
    /// How long the session of a tab whose socket closed is kept for it to resume.
    public var resumeWindow: Duration

    /// Creates limits.
    public init(maxMessageBytes: Int = 16 * 1024, resumeWindow: Duration = .seconds(120)) {
      self.maxMessageBytes = maxMessageBytes
      self.resumeWindow = resumeWindow
    }
  }

  /// The page served.
  public let page: WebPage
  /// The limits.
  public let limits: Limits
  let logger: Logger
  private var sharedModel: AnyObject?
  private var sessions: [String: WebSession] = [:]
  private var attached: [ObjectIdentifier: WebSession] = [:]

  /// Creates a host for `page`.
  public init(page: WebPage, limits: Limits = Limits(), logger: Logger = Logger(label: "bindery.web")) {
    self.page = page
    self.limits = limits
    self.logger = logger
  }

  /// How many sessions are kept (attached or waiting to resume).
  public var sessionCount: Int { sessions.count }

  /// Handles one message from a page, then sends every tab the changes it caused.
  public func receive(_ text: String, from connection: WebConnection) {
    do {
      let message = try ClientMessage.parse(text, maxBytes: limits.maxMessageBytes)
      if case .hello(let resume) = message {
        try hello(resume: resume, connection: connection)
      } else {
        guard let session = attached[ObjectIdentifier(connection)] else {
          throw WebInputError(.noSession, "send hello first")
        }
        try session.handle(message)
      }
    } catch {
      refuse(error, connection: connection)
    }
    flushAll()
  }

  /// Refuses a message that is not text (a binary frame).
  public func receiveBinary(from connection: WebConnection) {
    refuse(WebInputError(.malformedMessage, "messages are text"), connection: connection)
  }

  /// The tab's socket closed: its session waits ``Limits/resumeWindow`` for the tab to come back.
  public func disconnect(_ connection: WebConnection) {
    connection.outbox.close()
    guard let session = attached.removeValue(forKey: ObjectIdentifier(connection)) else { return }
    logger.info("a page's socket closed; its session waits for it", metadata: ["session": "\(session.token.prefix(8))"])
    if session.connection === connection {
      session.connection = nil
      session.detachedAt = .now
    }
  }

  /// The whole page for a tab that fell behind (its outbox overflowed), dropping what was queued.
  public func resetMessage(for connection: WebConnection) -> String? {
    guard let session = attached[ObjectIdentifier(connection)] else { return nil }
    logger.notice(
      "a page fell behind; sending it the whole page",
      metadata: ["session": "\(session.token.prefix(8))", "overflows": "\(connection.outbox.overflowCount)"])
    connection.outbox.discardQueued()
    return session.resetMessage(title: page.title).text
  }

  /// Runs work a page scheduled (``WebPageContext/after(_:_:)``), then sends the changes.
  func run(_ work: UncheckedWork) {
    work.body()
    flushAll()
  }

  /// Runs `body` on the page's actor (for tests and tools), then sends the changes to every tab.
  public func perform(_ body: @Sendable () -> Void) {
    body()
    flushAll()
  }

  private func hello(resume: String?, connection: WebConnection) throws(WebInputError) {
    expireDetachedSessions()
    if let old = attached.removeValue(forKey: ObjectIdentifier(connection)), old.connection === connection {
      old.connection = nil
      old.detachedAt = .now
    }
    let session: WebSession
    if let resume, let existing = sessions[resume] {
      if let other = existing.connection, other !== connection {
        attached[ObjectIdentifier(other)] = nil
      }
      session = existing
      logger.debug("session resumed", metadata: ["session": "\(resume.prefix(8))"])
    } else {
      session = try makeSession()
      sessions[session.token] = session
      logger.debug("session started", metadata: ["session": "\(session.token.prefix(8))"])
    }
    session.connection = connection
    session.detachedAt = nil
    attached[ObjectIdentifier(connection)] = session
    connection.outbox.discardQueued()
    connection.outbox.send(session.resetMessage(title: page.title).text)
  }

  private func makeSession() throws(WebInputError) -> WebSession {
    let model: AnyObject
    switch page.sharing {
    case .shared:
      if let sharedModel {
        model = sharedModel
      } else {
        model = page.makeModel()
        sharedModel = model
      }
    case .perSession:
      model = page.makeModel()
    }
    let content: WebContent
    do {
      content = try page.makeContent(model, WebPageContext(host: self))
    } catch {
      logger.error("the page could not be made", metadata: ["error": "\(error)"])
      throw WebInputError(.pageUnavailable, "the page could not be made")
    }
    return WebSession(token: Self.makeToken(), model: model, content: content)
  }

  private func expireDetachedSessions() {
    let now = ContinuousClock.now
    for (token, session) in sessions {
      if let detachedAt = session.detachedAt, now - detachedAt > limits.resumeWindow {
        session.end()
        sessions[token] = nil
      }
    }
  }

  private func refuse(_ error: any Error, connection: WebConnection) {
    let inputError =
      (error as? WebInputError) ?? WebInputError(.malformedMessage, "the message was refused")
    logger.warning(
      "refused a message", metadata: ["code": "\(inputError.code.rawValue)", "reason": "\(inputError.message)"])
    connection.outbox.send(ServerMessage.error(inputError).text)
  }

  private func flushAll() {
    var previous: (operations: [PatchOperation], text: String)?
    for session in sessions.values {
      previous = session.flush(reusing: previous)
      if session.didOverflow {
        session.didOverflow = false
        logger.warning(
          "a page does not read its messages; its queue was dropped for a reset",
          metadata: ["session": "\(session.token.prefix(8))"])
      }
    }
  }

  private static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
  }
}
