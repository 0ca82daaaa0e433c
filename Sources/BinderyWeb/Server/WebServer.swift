import Foundation
import Hummingbird
import HummingbirdWebSocket
public import Logging

/// Serves a ``WebPage`` over HTTP and WebSocket (Hummingbird): the page at `/`, its script and
/// style sheet, and the page's socket at `/socket`.
///
/// It listens on 127.0.0.1 unless told otherwise, upgrades only sockets whose `Origin` is the page's
/// own (or one allowed), and hands every message to the page's ``WebPageHost``, which checks it.
///
/// ```swift
/// let server = WebServer(page: page, configuration: .init(port: 8080))
/// try await server.run()
/// ```
public struct WebServer: Sendable {
  /// Where the server listens and what it accepts.
  public struct Configuration: Sendable {
    /// The address to listen on; 127.0.0.1 (this machine only) by default.
    public var host: String
    /// The port.
    public var port: Int
    /// Origins allowed to open the socket besides the server's own (`http://127.0.0.1:8080`,
    /// `http://localhost:8080`, `http://HOST:PORT`).
    public var allowedOrigins: [String]
    /// The largest WebSocket frame accepted; a larger one closes that socket (code 1009).
    public var maxFrameSize: Int
    /// The most messages waiting for one page before it gets the whole page instead.
    public var outboundQueueLimit: Int
    /// Limits of what a page may send.
    public var limits: WebPageHost.Limits

    /// Creates a configuration.
    public init(
      host: String = "127.0.0.1",
      port: Int = 8080,
      allowedOrigins: [String] = [],
      maxFrameSize: Int = 1 << 16,
      outboundQueueLimit: Int = 256,
      limits: WebPageHost.Limits = WebPageHost.Limits()
    ) {
      self.host = host
      self.port = port
      self.allowedOrigins = allowedOrigins
      self.maxFrameSize = maxFrameSize
      self.outboundQueueLimit = outboundQueueLimit
      self.limits = limits
    }

    /// The origins whose pages may open the socket.
    public var origins: Set<String> {
      Set(["http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://\(host):\(port)"] + allowedOrigins)
    }
  }

  /// The page's host: every session, on one actor.
  public let host: WebPageHost
  /// Where the server listens and what it accepts.
  public let configuration: Configuration
  let logger: Logger

  /// Creates a server for `page`.
  public init(page: WebPage, configuration: Configuration = Configuration(), logger: Logger? = nil) {
    let logger = logger ?? Logger(label: "bindery.web")
    self.logger = logger
    self.configuration = configuration
    self.host = WebPageHost(page: page, limits: configuration.limits, logger: logger)
  }

  /// Serves until the task is cancelled or the process is told to stop (SIGINT, SIGTERM).
  public func run() async throws {
    let application = try makeApplication()
    try await application.runService()
  }

  func makeApplication() throws -> some ApplicationProtocol {
    let resources = try PageResources.load(title: host.page.title)
    let router = Router()
    router.get("/") { _, _ in resources.response(resources.html, type: "text/html; charset=utf-8") }
    router.get("/bindery.js") { _, _ in resources.response(resources.script, type: "text/javascript; charset=utf-8") }
    router.get("/bindery.css") { _, _ in resources.response(resources.style, type: "text/css; charset=utf-8") }

    let socketRouter = Router(context: BasicWebSocketRequestContext.self)
    let origins = configuration.origins
    let logger = self.logger
    let host = self.host
    let queueLimit = configuration.outboundQueueLimit
    let maxFrameSize = configuration.maxFrameSize
    socketRouter.ws("/socket") { request, _ in
      let origin = request.headers[.origin]
      guard let origin, origins.contains(origin) else {
        logger.warning("refused a socket from a foreign origin", metadata: ["origin": "\(origin ?? "none")"])
        return .dontUpgrade
      }
      return .upgrade([:])
    } onUpgrade: { inbound, outbound, _ in
      let connection = WebConnection(queueLimit: queueLimit)
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          do {
            while let item = await connection.outbox.next() {
              switch item {
              case .message(let text):
                try await outbound.write(.text(text))
              case .reset:
                if let text = await host.resetMessage(for: connection) { try await outbound.write(.text(text)) }
              }
            }
          } catch {
            logger.debug("stopped writing to a socket", metadata: ["error": "\(error)"])
          }
        }
        do {
          for try await message in inbound.messages(maxSize: maxFrameSize) {
            switch message {
            case .text(let text): await host.receive(text, from: connection)
            case .binary: await host.receiveBinary(from: connection)
            }
          }
        } catch {
          logger.warning("closed a socket", metadata: ["error": "\(error)"])
        }
        await host.disconnect(connection)
        group.cancelAll()
      }
    }

    return Application(
      router: router,
      server: .http1WebSocketUpgrade(
        webSocketRouter: socketRouter,
        configuration: .init(ws: .init(maxFrameSize: maxFrameSize))
      ),
      configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
      logger: logger
    )
  }
}
