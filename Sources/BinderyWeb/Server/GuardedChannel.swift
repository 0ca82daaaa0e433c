import Bindery
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with WebSocket upgrade, with a ``ConnectionGuard`` in front of it
/// and the connections of each client address counted.
struct GuardedChannel: ServerChildChannel {
  typealias Value = HTTP1WebSocketUpgradeChannel.Value

  let inner: HTTP1WebSocketUpgradeChannel
  let limits: ConnectionGuard.Limits
  let securityHeaders: String
  let ledger: ConnectionLedger

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    let address = channel.remoteAddress?.ipAddress ?? "unknown"
    let admitted = ledger.open(address)
    channel.closeFuture.whenComplete { _ in if admitted { ledger.close(address) } }
    return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let connectionGuard = ConnectionGuard(limits: limits, securityHeaders: securityHeaders, refuseAtOnce: !admitted)
      let operations = channel.pipeline.syncOperations
      try operations.addHandler(connectionGuard, position: .first)
      if let decoder = try? operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) {
        try operations.addHandler(ParserErrorWatcher(connectionGuard), position: .after(decoder))
      }
      try operations.addHandler(UpgradeWatcher(), position: .last)
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await inner.handle(value: value, logger: logger)
  }
}

/// How many connections are open, in all and for each client address, so that no address can
/// take them all and the process never runs out of file descriptors.
final class ConnectionLedger: Sendable {
  private struct Counts {
    var total = 0
    var byAddress: [String: Int] = [:]
  }

  private let counts = SharedLock(Counts())
  /// The most connections in all.
  let limit: Int
  /// The most connections of one address.
  let limitPerAddress: Int

  init(limit: Int, limitPerAddress: Int) {
    self.limit = limit
    self.limitPerAddress = limitPerAddress
  }

  /// Counts a new connection of `address`; returns `false` (and counts nothing) past a limit.
  func open(_ address: String) -> Bool {
    counts.withLock { counts in
      let count = counts.byAddress[address, default: 0]
      guard count < limitPerAddress, counts.total < limit else { return false }
      counts.byAddress[address] = count + 1
      counts.total += 1
      return true
    }
  }

  /// A connection of `address` closed.
  func close(_ address: String) {
    counts.withLock { counts in
      counts.total -= 1
      if let count = counts.byAddress[address], count > 1 {
        counts.byAddress[address] = count - 1
      } else {
        counts.byAddress[address] = nil
      }
    }
  }
}
