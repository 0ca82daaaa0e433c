import Logging

extension WebPageHost {
  /// The tab's socket closed: its session waits ``Limits/resumeWindow`` for the tab to come back.
  public func disconnect(_ connection: WebConnection) {
    connection.outbox.close()
    guard let session = attached.removeValue(forKey: ObjectIdentifier(connection)) else { return }
    logger.debug("a page's socket closed; its session waits for it", metadata: ["session": "\(session.shortName)"])
    if session.connection === connection { makeWait(session) }
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

  func hello(resume: String?, tab: String?, connection: WebConnection) throws(WebInputError) {
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

  private func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return instance + (0..<4).map { _ in Self.hex(generator.next(), digits: 16) }.joined()
  }

  static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
