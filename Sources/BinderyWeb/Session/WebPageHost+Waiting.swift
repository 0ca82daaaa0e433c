extension WebPageHost {
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

  /// The session's tab went away: its page ends (so it costs other tabs nothing) and its model
  /// waits for the tab to resume.
  func makeWait(_ session: WebSession) {
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
  func endLongestWaiting(address: String?) -> Bool {
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
}

/// A session whose tab went away: what it takes to make its page again when the tab comes back.
struct WaitingSession {
  let model: AnyObject
  let address: String
  let tab: String?
  let since: ContinuousClock.Instant
}
