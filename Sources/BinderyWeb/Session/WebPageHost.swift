import Bindery
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
/// await host.receive(#"{"type":"hello","tab":"t1"}"#, from: tab)
/// await host.receive(#"{"type":"edit","id":"FirstNameField","value":"Ada"}"#, from: tab)
/// tab.outbox.drain()  // [.message(reset…), .message(patch…)]
/// ```
///
/// Every inbound message is checked (size, nesting, JSON, type, element id, the value's type, whether
/// the element is enabled); a bad one is answered with an `error` message to its tab only, logged,
/// and changes nothing. Sessions are bounded in number, in total and per client address (see
/// ``Limits``), and those waiting for their tab end in small slices (``endExpiredSessions(now:atMost:)``).
public actor WebPageHost {
  /// Limits of what a page may send, how many sessions are kept, and how long a closed tab's
  /// session waits for it.
  public struct Limits: Sendable {
    /// The largest message accepted from a page, in UTF-8 bytes.
    public var maxMessageBytes: Int
    /// How long the session of a tab whose socket closed is kept for it to resume.
    public var resumeWindow: Duration
    /// The most sessions kept, open or waiting to resume; past it, the session that has waited
    /// longest is ended to make room, and when none waits a new tab is refused (`tooManySessions`).
    public var maxSessions: Int
    /// The most sessions kept for one client address, open or waiting, with the same rule.
    public var maxSessionsPerAddress: Int
    /// The most sessions waiting to resume; past it, those that have waited longest end. A waiting
    /// session keeps its model only: its page is made again when its tab comes back.
    public var maxWaitingSessions: Int

    /// Creates limits.
    public init(
      maxMessageBytes: Int = 16 * 1024,
      resumeWindow: Duration = .seconds(120),
      maxSessions: Int = 1_000,
      maxSessionsPerAddress: Int = 64,
      maxWaitingSessions: Int = 256
    ) {
      self.maxMessageBytes = maxMessageBytes
      self.resumeWindow = resumeWindow
      self.maxSessions = max(1, maxSessions)
      self.maxSessionsPerAddress = max(1, maxSessionsPerAddress)
      self.maxWaitingSessions = max(0, maxWaitingSessions)
    }
  }

  /// The page served.
  public let page: WebPage
  /// The limits.
  public let limits: Limits
  let logger: Logger
  /// A random name for this run of the server, the first 8 characters of every session token: a
  /// token of another run tells a restart from an expired session.
  private let instance: String
  /// When the host was made (the inspector shows changes' times from it).
  let started = ContinuousClock.now
  private var sharedModel: AnyObject?
  /// The sessions whose tab is connected, by token.
  private(set) var sessions: [String: WebSession] = [:]
  private var attached: [ObjectIdentifier: WebSession] = [:]
  /// The sessions whose tab went away, by token: their page was ended (so they cost other tabs
  /// nothing), their model is kept, and the page is made again if the tab comes back.
  private var waitingSessions: [String: WaitingSession] = [:]
  private var sessionsPerAddress: [String: Int] = [:]
  /// Tokens of waiting sessions, in the order their tabs went away (entries of sessions that
  /// resumed or ended since are skipped); `waitingHead` is the first entry not yet looked at.
  private var waiting: [(token: String, since: ContinuousClock.Instant)] = []
  private var waitingHead = 0
  /// Refusals logged at debug level since the last warning, and when that warning was.
  private var refusalsSinceWarning = 0
  private var lastRefusalWarning: ContinuousClock.Instant?

  /// Creates a host for `page`.
  public init(page: WebPage, limits: Limits = Limits(), logger: Logger = Logger(label: "bindery.web")) {
    self.page = page
    self.limits = limits
    self.logger = logger
    instance = Self.hex(UInt64(UInt32.random(in: .min ... .max)), digits: 8)
  }

  /// How many sessions are kept (open or waiting to resume).
  public var sessionCount: Int { sessions.count + waitingSessions.count }

  /// Whether a page on `connection` said `hello` and has a session.
  public func hasSession(_ connection: WebConnection) -> Bool {
    attached[ObjectIdentifier(connection)] != nil
  }

  /// How many sessions wait for their tab to resume.
  public var waitingSessionCount: Int { waitingSessions.count }

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

  /// The tab's socket closed: its session waits ``Limits/resumeWindow`` for the tab to come back.
  public func disconnect(_ connection: WebConnection) {
    connection.outbox.close()
    guard let session = attached.removeValue(forKey: ObjectIdentifier(connection)) else { return }
    logger.debug("a page's socket closed; its session waits for it", metadata: ["session": "\(session.shortName)"])
    if session.connection === connection { makeWait(session) }
  }

  /// Ends, at most `count` at a time, the sessions that waited longer than the resume window for
  /// their tab, and those past ``Limits/maxWaitingSessions`` (longest waiting first), so that a
  /// server with thousands of them never holds the page for long; the server calls it from a task
  /// of its own.
  ///
  /// - Returns: How long until the next session is due (`.zero` when more are due now), or `nil`
  ///   when none waits.
  public func endExpiredSessions(now: ContinuousClock.Instant = .now, atMost count: Int = 64) -> Duration? {
    var ended = 0
    while waitingHead < waiting.count {
      let entry = waiting[waitingHead]
      guard let session = waitingSessions[entry.token], session.since == entry.since else {
        waitingHead += 1  // resumed or ended since
        continue
      }
      let waited = now - entry.since
      if waited < limits.resumeWindow, waitingSessions.count <= limits.maxWaitingSessions {
        return limits.resumeWindow - waited
      }
      guard ended < count else { return .zero }
      waitingHead += 1
      endWaiting(entry.token)
      ended += 1
    }
    compactWaiting()
    return nil
  }

  /// The whole page for a tab that fell behind (its outbox overflowed), dropping what was queued.
  public func resetMessage(for connection: WebConnection) -> String? {
    guard let session = attached[ObjectIdentifier(connection)] else { return nil }
    logger.notice(
      "a page fell behind; sending it the whole page",
      metadata: ["session": "\(session.shortName)", "overflows": "\(connection.outbox.overflowCount)"])
    connection.outbox.discardQueued()
    return resetText(session, reason: .refresh)
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

  private func hello(resume: String?, tab: String?, connection: WebConnection) throws(WebInputError) {
    let current = attached[ObjectIdentifier(connection)]
    if let current, resume == nil || resume == current.token {
      // Hello again on the same socket: the same session, the whole page again.
      send(current, to: connection, reason: .refresh)
      return
    }
    if let resume, let existing = sessions[resume] {
      guard let tab, tab == existing.tab, let holder = existing.connection else {
        // Another tab holds it: this tab is a copy (a duplicated tab); it gets its own session.
        try start(address: connection.remoteAddress, tab: tab, on: connection, replacing: current, reason: .duplicate)
        return
      }
      // The same tab, back on a new socket before its old one was seen closed.
      attached[ObjectIdentifier(holder)] = nil
      holder.outbox.close(code: 4001, reason: "this page reconnected on another socket")
      if let current { makeWait(current) }
      attach(existing, to: connection, reason: .resumed)
      logger.debug("session taken back by its tab", metadata: ["session": "\(existing.shortName)"])
      return
    }
    if let resume, let waitingSession = waitingSessions[resume] {
      let content = try makeContent(for: waitingSession.model)
      waitingSessions[resume] = nil
      let session = WebSession(
        token: resume, model: waitingSession.model, content: content, address: waitingSession.address,
        tab: tab ?? waitingSession.tab)
      sessions[resume] = session
      if let current { makeWait(current) }
      attach(session, to: connection, reason: .resumed)
      logger.debug("session resumed", metadata: ["session": "\(session.shortName)"])
      return
    }
    let reason: ResetReason =
      switch resume {
      case nil: .new
      case let token? where token.hasPrefix(instance): .expired
      case _?: .serverRestarted
      }
    try start(address: connection.remoteAddress, tab: tab, on: connection, replacing: current, reason: reason)
  }

  /// Makes a session for a tab (within the caps) and attaches it; the socket's earlier session, if
  /// any, waits to resume.
  private func start(
    address: String, tab: String?, on connection: WebConnection, replacing current: WebSession?, reason: ResetReason
  ) throws(WebInputError) {
    if (sessionsPerAddress[address] ?? 0) >= limits.maxSessionsPerAddress, !endLongestWaiting(address: address) {
      refuseSession(connection, "this address has \(limits.maxSessionsPerAddress) pages open; close one or try later")
      return
    }
    if sessionCount >= limits.maxSessions, !endLongestWaiting(address: nil) {
      refuseSession(connection, "the server has \(limits.maxSessions) pages open; try later")
      return
    }
    let model = makeModel()
    let session = WebSession(
      token: makeToken(), model: model, content: try makeContent(for: model), address: address, tab: tab)
    for problem in session.builder.problems {
      logger.error("a control cannot be shown", metadata: ["problem": "\(LogText.clip(problem, max: 200))"])
    }
    sessions[session.token] = session
    sessionsPerAddress[address, default: 0] += 1
    if let current { makeWait(current) }
    attach(session, to: connection, reason: reason)
    logger.debug("session started", metadata: ["session": "\(session.shortName)", "reason": "\(reason.rawValue)"])
  }

  private func refuseSession(_ connection: WebConnection, _ message: String) {
    refuse(WebInputError(.tooManySessions, message), from: connection)
    connection.outbox.close(code: 1013, reason: "too many sessions")
  }

  private func attach(_ session: WebSession, to connection: WebConnection, reason: ResetReason) {
    session.connection = connection
    attached[ObjectIdentifier(connection)] = session
    send(session, to: connection, reason: reason)
  }

  private func send(_ session: WebSession, to connection: WebConnection, reason: ResetReason) {
    connection.outbox.discardQueued()
    connection.outbox.send(resetText(session, reason: reason))
  }

  private func resetText(_ session: WebSession, reason: ResetReason) -> String {
    return session.resetMessage(title: page.title, reason: reason, maxMessageBytes: limits.maxMessageBytes).text
  }

  /// The session's tab went away: its page ends (so it costs other tabs nothing) and its model
  /// waits for the tab to resume.
  private func makeWait(_ session: WebSession) {
    let now = ContinuousClock.now
    if let connection = session.connection, attached[ObjectIdentifier(connection)] === session {
      attached[ObjectIdentifier(connection)] = nil
    }
    session.connection = nil
    sessions[session.token] = nil
    session.end()
    waitingSessions[session.token] = WaitingSession(
      model: session.model, address: session.address, tab: session.tab, since: now)
    waiting.append((session.token, now))
    // Past maxWaitingSessions, the reaper (endExpiredSessions) ends the longest waiting.
  }

  /// Ends the session that has waited longest (of `address`, if given); returns whether there was one.
  private func endLongestWaiting(address: String?) -> Bool {
    var index = waitingHead
    while index < waiting.count {
      let entry = waiting[index]
      if let session = waitingSessions[entry.token], session.since == entry.since,
        address == nil || session.address == address
      {
        if index == waitingHead { waitingHead += 1 }
        endWaiting(entry.token)
        compactWaiting()
        return true
      }
      if index == waitingHead { waitingHead += 1 }
      index += 1
    }
    compactWaiting()
    return false
  }

  private func endWaiting(_ token: String) {
    guard let session = waitingSessions.removeValue(forKey: token) else { return }
    if let count = sessionsPerAddress[session.address], count > 1 {
      sessionsPerAddress[session.address] = count - 1
    } else {
      sessionsPerAddress[session.address] = nil
    }
  }

  /// Drops the entries already looked at, and those of sessions no longer waiting, once they are
  /// most of the list.
  private func compactWaiting() {
    guard waiting.count > 64,
      waiting.count - waitingHead < waiting.count / 2 || waiting.count > 4 * waitingSessions.count
    else { return }
    waiting = waiting[waitingHead...].filter { entry in waitingSessions[entry.token]?.since == entry.since }
    waitingHead = 0
  }

  private func makeModel() -> AnyObject {
    switch page.sharing {
    case .shared:
      if let sharedModel { return sharedModel }
      let model = page.makeModel()
      sharedModel = model
      return model
    case .perSession:
      return page.makeModel()
    }
  }

  private func makeContent(for model: AnyObject) throws(WebInputError) -> WebContent {
    do {
      return try page.makeContent(model, WebPageContext(host: self))
    } catch {
      logger.error("the page could not be made", metadata: ["error": "\(LogText.clip("\(error)", max: 200))"])
      throw WebInputError(.pageUnavailable, "the page could not be made")
    }
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

  private func flushAll() {
    var previous: (operations: [PatchOperation], text: String)?
    for session in attached.values {
      previous = session.flush(reusing: previous)
      if session.didOverflow {
        session.didOverflow = false
        logger.warning(
          "a page does not read its messages; its queue was dropped for a reset",
          metadata: ["session": "\(session.shortName)"])
      }
    }
  }

  private func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return instance + (0..<4).map { _ in Self.hex(generator.next(), digits: 16) }.joined()
  }

  private static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}

/// A session whose tab went away: what it takes to make its page again when the tab comes back.
struct WaitingSession {
  let model: AnyObject
  let address: String
  let tab: String?
  let since: ContinuousClock.Instant
}
