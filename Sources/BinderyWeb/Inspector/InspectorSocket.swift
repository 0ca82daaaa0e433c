import HummingbirdWebSocket
import Logging

/// The inspector's socket: every quarter of a second, the host's ``WebPageHost/inspectionJSON()``,
/// sent when it changed. What the page sends is read and dropped (it only closes the socket).
enum InspectorSocket {
  /// How often the inspector's view is taken.
  static let interval: Duration = .milliseconds(250)

  static func run(
    host: WebPageHost, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, maxFrameSize: Int
  ) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for try await _ in inbound.messages(maxSize: maxFrameSize) {}
      }
      group.addTask {
        var last = ""
        while !Task.isCancelled {
          let text = await host.inspectionJSON()
          if text != last {
            try await outbound.write(.text(text))
            last = text
          }
          try await Task.sleep(for: interval)
        }
      }
      try await group.next()
      group.cancelAll()
    }
  }
}
