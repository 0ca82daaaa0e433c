extension WebPageHost {
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
}
