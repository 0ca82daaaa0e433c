import Bindery
import BinderyControls
import Foundation
import Logging
import ServiceLifecycle
import Testing

@testable import BinderyWeb

/// Whether a stop hook ran, from any thread.
private final class StopRecord: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [String] = []
  func note(_ event: String) { lock.withLock { events.append(event) } }
  var all: [String] { lock.withLock { events } }
}

/// A service that notes when it is told to stop, standing for a database client.
private struct ClientStandIn: Service {
  let record: StopRecord
  func run() async throws {
    try? await gracefulShutdown()
    record.note("client stopped")
  }
}

@Suite("The web server as a service")
struct ServiceTests {
  @Test("a graceful shutdown of its group stops the server, runs whenStopped, then stops the services before it")
  func gracefulShutdown() async throws {
    let record = StopRecord()
    var configuration = WebServer.Configuration(port: 0)
    configuration.whenStopped = { record.note("pending saves written") }
    let server = WebServer(page: makeProfilePage(), configuration: configuration)
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    let group = ServiceGroup(
      configuration: .init(services: [ClientStandIn(record: record), server], logger: logger))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      try await Task.sleep(for: .milliseconds(500))
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
    }
    #expect(record.all == ["pending saves written", "client stopped"])
  }
}
