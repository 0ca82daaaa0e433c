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
  /// The page served.
  public let page: WebPage
  /// The limits.
  public let limits: Limits
  let logger: Logger
  /// A random name for this run of the server, the first 8 characters of every session token: a
  /// token of another run tells a restart from an expired session.
  let instance: String
  /// When the host was made (the inspector shows changes' times from it).
  let started = ContinuousClock.now
  var sharedModel: AnyObject?
  /// The sessions whose tab is connected, by token.
  var sessions: [String: WebSession] = [:]
  var attached: [ObjectIdentifier: WebSession] = [:]
  /// The sessions whose tab went away, by token: their page was ended (so they cost other tabs
  /// nothing), their model is kept, and the page is made again if the tab comes back.
  var waitingSessions: [String: WaitingSession] = [:]
  var sessionsPerAddress: [String: Int] = [:]
  /// Tokens of waiting sessions, in the order their tabs went away (entries of sessions that
  /// resumed or ended since are skipped); `waitingHead` is the first entry not yet looked at.
  var waiting: [(token: String, since: ContinuousClock.Instant)] = []
  var waitingHead = 0
  /// Refusals logged at debug level since the last warning, and when that warning was.
  var refusalsSinceWarning = 0
  var lastRefusalWarning: ContinuousClock.Instant?

  /// Creates a host for `page`.
  public init(page: WebPage, limits: Limits = Limits(), logger: Logger = Logger(label: "bindery.web")) {
    self.page = page
    self.limits = limits
    self.logger = logger
    instance = Self.hex(UInt64(UInt32.random(in: .min ... .max)), digits: 8)
  }

  /// How many sessions are kept (open or waiting to resume).
  package var sessionCount: Int { sessions.count + waitingSessions.count }

  /// Whether a page on `connection` said `hello` and has a session.
  package func hasSession(_ connection: WebConnection) -> Bool {
    attached[ObjectIdentifier(connection)] != nil
  }

  /// How many sessions wait for their tab to resume.
  package var waitingSessionCount: Int { waitingSessions.count }

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

  func flushAll() {
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
}
