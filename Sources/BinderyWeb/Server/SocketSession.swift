import HummingbirdWebSocket
import Logging

/// What one page's socket may send: edits, actions and hellos within their rates, and at most a
/// budget of refused messages, then the socket is closed (code 1008, policy violation).
public struct SocketRates: Sendable, Equatable {
  /// Edits per second, on average.
  public var editsPerSecond: Double
  /// Edits allowed in a burst.
  public var editBurst: Double
  /// Actions (button clicks) per second, on average.
  public var actionsPerSecond: Double
  /// Actions allowed in a burst.
  public var actionBurst: Double
  /// `hello` messages per second, on average, after the first few.
  public var hellosPerSecond: Double
  /// `hello` messages allowed in a burst.
  public var helloBurst: Double
  /// Refused messages per second, on average; a socket that goes past its budget is closed.
  public var refusalsPerSecond: Double
  /// Refused messages allowed in a burst.
  public var refusalBurst: Double

  /// Creates rates.
  public init(
    editsPerSecond: Double = 60, editBurst: Double = 120,
    actionsPerSecond: Double = 10, actionBurst: Double = 20,
    hellosPerSecond: Double = 0.2, helloBurst: Double = 4,
    refusalsPerSecond: Double = 2, refusalBurst: Double = 20
  ) {
    self.editsPerSecond = editsPerSecond
    self.editBurst = editBurst
    self.actionsPerSecond = actionsPerSecond
    self.actionBurst = actionBurst
    self.hellosPerSecond = hellosPerSecond
    self.helloBurst = helloBurst
    self.refusalsPerSecond = refusalsPerSecond
    self.refusalBurst = refusalBurst
  }
}

/// A budget that refills at `rate` per second up to `burst`.
struct TokenBucket {
  let rate: Double
  let burst: Double
  private var tokens: Double
  private var last: ContinuousClock.Instant

  init(rate: Double, burst: Double, now: ContinuousClock.Instant = .now) {
    self.rate = rate
    self.burst = max(1, burst)
    tokens = self.burst
    last = now
  }

  /// Takes one token if there is one.
  mutating func take(now: ContinuousClock.Instant = .now) -> Bool {
    let elapsed = now - last
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    tokens = min(burst, tokens + seconds * rate)
    last = now
    guard tokens >= 1 else { return false }
    tokens -= 1
    return true
  }
}

/// One page's socket: its messages are parsed here, off the page's actor (a slow message delays
/// only this socket), checked against the socket's rates, then handed to the host; the host's
/// messages for the page are written back.
final class SocketSession {
  struct Settings: Sendable {
    let host: WebPageHost
    let queueLimit: Int
    let maxFrameSize: Int
    let messageLimits: JSONLimits
    let helloTimeout: Duration
    let rates: SocketRates
    let helloGate: HelloGate
    let logger: Logger
  }

  let settings: Settings
  let connection: WebConnection
  private var edits: TokenBucket
  private var actions: TokenBucket
  private var hellos: TokenBucket
  private var refusals: TokenBucket

  init(settings: Settings, remoteAddress: String) {
    self.settings = settings
    connection = WebConnection(queueLimit: settings.queueLimit, remoteAddress: remoteAddress)
    let rates = settings.rates
    edits = TokenBucket(rate: rates.editsPerSecond, burst: rates.editBurst)
    actions = TokenBucket(rate: rates.actionsPerSecond, burst: rates.actionBurst)
    hellos = TokenBucket(rate: rates.hellosPerSecond, burst: rates.helloBurst)
    refusals = TokenBucket(rate: rates.refusalsPerSecond, burst: rates.refusalBurst)
  }

  /// Serves the socket until it closes; an error of the socket (invalid UTF-8, a protocol error, a
  /// message too large) is thrown on, so the page gets its close code.
  func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
    let host = settings.host
    let connection = self.connection
    let logger = settings.logger
    let helloTimeout = settings.helloTimeout
    var failure: (any Error)?
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await Self.write(connection, host: host, to: outbound, logger: logger) }
      group.addTask {
        try? await Task.sleep(for: helloTimeout)
        if !Task.isCancelled, await !host.hasSession(connection) {
          connection.outbox.close(code: 1008, reason: "no hello")
        }
      }
      do {
        for try await message in inbound.messages(maxSize: settings.maxFrameSize) {
          switch message {
          case .text(let text): await receive(text)
          case .binary: await refuse(WebInputError(.malformedMessage, "messages are text"))
          }
        }
      } catch {
        failure = error
        logger.debug("a socket failed", metadata: ["error": "\(LogText.clip("\(error)", max: 200))"])
      }
      // Ending a session's page is as costly as making one: it waits its turn like a hello.
      await settings.helloGate.pass { await host.disconnect(connection) }
      group.cancelAll()
    }
    if let failure { throw failure }
  }

  private func receive(_ text: String) async {
    let request: ClientRequest
    do throws(WebInputError) {
      request = try ClientRequest.parse(text, limits: settings.messageLimits)
    } catch {
      return await refuse(error)
    }
    let message = request.message
    let allowed =
      switch message {
      case .hello: hellos.take()
      case .edit: edits.take()
      case .action, .discard, .delete, .undo, .redo: actions.take()
      }
    guard allowed else {
      return await refuse(WebInputError(.rateLimited, "too many messages; slow down"))
    }
    if case .hello = message {
      await settings.helloGate.pass { await settings.host.receive(request, from: connection) }
    } else {
      await settings.host.receive(request, from: connection)
    }
  }

  private func refuse(_ error: WebInputError) async {
    await settings.host.refuse(error, from: connection)
    if !refusals.take() {
      settings.logger.notice(
        "closed a socket that sent too many refused messages", metadata: ["address": "\(connection.remoteAddress)"])
      connection.outbox.close(code: 1008, reason: "too many refused messages")
    }
  }

  private static func write(
    _ connection: WebConnection, host: WebPageHost, to outbound: WebSocketOutboundWriter, logger: Logger
  ) async {
    do {
      while let item = await connection.outbox.next() {
        switch item {
        case .message(let text):
          try await outbound.write(.text(text))
        case .reset:
          if let text = await host.resetMessage(for: connection) { try await outbound.write(.text(text)) }
        case .close(let code, let reason):
          try await outbound.close(.init(codeNumber: Int(code)), reason: reason)
          return
        }
      }
    } catch {
      logger.debug("stopped writing to a socket", metadata: ["error": "\(LogText.clip("\(error)", max: 200))"])
    }
  }
}
