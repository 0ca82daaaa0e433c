import Bindery
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
public import Logging
import NIOCore

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
    /// The largest WebSocket message accepted; a larger one closes that socket (code 1009).
    public var maxFrameSize: Int
    /// The most messages waiting for one page before it gets the whole page instead.
    public var outboundQueueLimit: Int
    /// Limits of what a page may send and of the sessions kept.
    public var limits: WebPageHost.Limits
    /// The most connections open at once; past it a new one gets a 503. It is kept below the
    /// process's limit of open files.
    public var maxConnections: Int
    /// The most connections of one client address; past it a new one gets a 503.
    public var maxConnectionsPerAddress: Int
    /// How long a new connection may take to send its first request's head; then it gets a 408.
    public var headerTimeout: Duration
    /// How long an HTTP connection may stay idle between requests.
    public var idleTimeout: Duration
    /// How long a page's socket may stay open without a `hello`.
    public var helloTimeout: Duration
    /// The longest request line (method, path, version); a longer one gets a 414.
    public var maxRequestLineBytes: Int
    /// The largest request head (request line and headers); a larger one gets a 431.
    public var maxHeaderBytes: Int
    /// What one socket may send before it is refused (`rateLimited`) and, past its budget of
    /// refusals, closed (code 1008).
    public var rates: SocketRates
    /// Whether the server also serves the bindings inspector at `/inspect`, to clients on this
    /// machine only: each tab's live bindings drawn as a graph, and the last changes with their
    /// causes. Serving it switches ``BindingDiagnostics/isRecording`` on when the server is made.
    public var servesInspector: Bool
    /// Runs when the server has stopped taking messages (SIGTERM, a service group's graceful
    /// shutdown), before ``WebServer/run()`` returns: write what is pending (a store-backed
    /// content's `save()`), so that in a service group the database client stops after it. `nil` by
    /// default.
    public var whenStopped: (@Sendable () async -> Void)?

    /// Creates a configuration.
    public init(
      host: String = "127.0.0.1",
      port: Int = 8080,
      allowedOrigins: [String] = [],
      maxFrameSize: Int = 1 << 16,
      outboundQueueLimit: Int = 256,
      limits: WebPageHost.Limits = WebPageHost.Limits(),
      maxConnections: Int = 1_024,
      maxConnectionsPerAddress: Int = 256,
      headerTimeout: Duration = .seconds(10),
      idleTimeout: Duration = .seconds(30),
      helloTimeout: Duration = .seconds(10),
      maxRequestLineBytes: Int = 8 * 1024,
      maxHeaderBytes: Int = 32 * 1024,
      rates: SocketRates = SocketRates(),
      servesInspector: Bool = false
    ) {
      self.host = host
      self.port = port
      self.allowedOrigins = allowedOrigins
      self.maxFrameSize = maxFrameSize
      self.outboundQueueLimit = outboundQueueLimit
      self.limits = limits
      self.maxConnections = maxConnections
      self.maxConnectionsPerAddress = maxConnectionsPerAddress
      self.headerTimeout = headerTimeout
      self.idleTimeout = idleTimeout
      self.helloTimeout = helloTimeout
      self.maxRequestLineBytes = maxRequestLineBytes
      self.maxHeaderBytes = maxHeaderBytes
      self.rates = rates
      self.servesInspector = servesInspector
    }

    /// The origins whose pages may open the socket.
    package var origins: Set<String> {
      Set(["http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://\(host):\(port)"] + allowedOrigins)
    }

    /// ``maxConnections``, lowered to leave 64 of the process's open-file limit for everything else.
    package var effectiveMaxConnections: Int {
      var limit = rlimit()
      #if os(Linux)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
      #else
        let resource = RLIMIT_NOFILE
      #endif
      guard getrlimit(resource, &limit) == 0, limit.rlim_cur < 1 << 30 else {
        return maxConnections
      }
      return max(1, min(maxConnections, Int(limit.rlim_cur) - 64))
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
    if configuration.servesInspector { BindingDiagnostics.isRecording = true }
  }

  /// Serves until the task is cancelled, the process is told to stop (SIGINT, SIGTERM), or the
  /// service group it runs in shuts down gracefully; sessions whose tab went away end after the resume
  /// window, a few at a time, in a task of their own. Once the server takes no more messages,
  /// ``Configuration/whenStopped`` runs (save what is pending there), then `run()` returns.
  public func run() async throws {
    do {
      try await serve()
    } catch {
      await configuration.whenStopped?()
      throw error
    }
    await configuration.whenStopped?()
  }

  private func serve() async throws {
    let application = try makeApplication()
    let host = self.host
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await application.runService() }
      group.addTask {
        while !Task.isCancelled {
          let wait = await host.endExpiredSessions()
          if wait == .zero {
            await Task.yield()
          } else {
            try await Task.sleep(for: min(wait ?? .seconds(1), .seconds(1)))
          }
        }
      }
      try await group.next()
      group.cancelAll()
    }
  }

  func makeApplication() throws -> some ApplicationProtocol {
    let controls = host.page.controlScripts
    let resources = try PageResources.load(
      title: host.page.title, rates: configuration.rates, controlTags: controls.map(\.tag))
    let router = Router(context: PageRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: SecurityHeadersMiddleware())
    router.get("/") { _, _ in resources.response(resources.html, type: "text/html; charset=utf-8") }
    router.get("/bindery.js") { _, _ in resources.response(resources.script, type: "text/javascript; charset=utf-8") }
    router.get("/bindery.css") { _, _ in resources.response(resources.style, type: "text/css; charset=utf-8") }
    // The scripts of the app's own controls (their tags are checked names: no escaping needed).
    for (tag, script) in controls {
      router.get(RouterPath("/controls/\(tag).js")) { _, _ in
        resources.response(script, type: "text/javascript; charset=utf-8")
      }
    }
    let servesInspector = configuration.servesInspector
    let inspectorPort = configuration.port
    if servesInspector {
      let inspector = [
        ("/inspect", resources.inspectorHTML, "text/html; charset=utf-8"),
        ("/inspect.js", resources.inspectorScript, "text/javascript; charset=utf-8"),
        ("/inspect.css", resources.inspectorStyle, "text/css; charset=utf-8"),
      ]
      for (path, body, type) in inspector {
        router.get(RouterPath(path)) { request, context in
          guard
            InspectorAccess.allows(
              context.remoteAddress?.ipAddress, authority: request.head.authority, headers: request.headers)
          else {
            throw HTTPError(.forbidden, message: "the inspector answers this machine only")
          }
          return resources.response(body, type: type)
        }
      }
    }

    let origins = configuration.origins
    let logger = self.logger
    let socket = SocketSession.Settings(
      host: host,
      queueLimit: configuration.outboundQueueLimit,
      maxFrameSize: configuration.maxFrameSize,
      messageLimits: {
        var limits = JSONLimits.message
        limits.maxBytes = configuration.limits.maxMessageBytes
        return limits
      }(),
      helloTimeout: configuration.helloTimeout,
      rates: configuration.rates,
      helloGate: HelloGate(),
      logger: logger
    )
    let maxConnections = configuration.effectiveMaxConnections
    logger.info("accepting connections", metadata: ["max": "\(maxConnections)"])
    let ledger = ConnectionLedger(limit: maxConnections, limitPerAddress: configuration.maxConnectionsPerAddress)
    let guardLimits = ConnectionGuard.Limits(
      headerTimeout: TimeAmount(configuration.headerTimeout),
      maxRequestLineBytes: configuration.maxRequestLineBytes,
      maxHeaderBytes: configuration.maxHeaderBytes
    )
    let channelConfiguration = HTTP1WebSocketUpgradeChannel.Configuration(
      http1: HTTP1Channel.Configuration(
        idleTimeout: TimeAmount(configuration.idleTimeout),
        httpDecoderConfiguration: .init(
          maxHeaderFieldSize: configuration.maxHeaderBytes * 2,
          maxHeaderListSize: configuration.maxHeaderBytes * 2,
          maxHeaderFieldCount: 100
        )
      ),
      ws: WebSocketServerConfiguration(
        maxFrameSize: configuration.maxFrameSize,
        autoPing: .enabled(timePeriod: .seconds(30)),
        closeTimeout: .seconds(5),
        validateUTF8: true
      )
    )
    let server = HTTPServerBuilder { responder in
      GuardedChannel(
        inner: HTTP1WebSocketUpgradeChannel(
          responder: responder,
          configuration: channelConfiguration
        ) { request, channel, _ in
          let inspects = servesInspector && request.path == "/inspect/socket"
          guard request.path == "/socket" || inspects else { return .dontUpgrade }
          let origin = request.headerFields[.origin]
          if inspects {
            // Loopback clients and pages only, never the page's other origins (see InspectorAccess).
            guard
              InspectorAccess.allows(
                channel.remoteAddress?.ipAddress, authority: request.authority, headers: request.headerFields),
              InspectorAccess.allowsOrigin(origin, port: inspectorPort)
            else {
              logger.warning(
                "refused the inspector's socket", metadata: ["origin": "\(LogText.clip(origin ?? "none"))"])
              return .dontUpgrade
            }
            return .upgrade([:]) { inbound, outbound, _ in
              try await InspectorSocket.run(
                host: host, inbound: inbound, outbound: outbound, maxFrameSize: socket.maxFrameSize)
            }
          }
          guard let origin, origins.contains(origin) else {
            logger.warning(
              "refused a socket from a foreign origin", metadata: ["origin": "\(LogText.clip(origin ?? "none"))"])
            return .dontUpgrade
          }
          let address = channel.remoteAddress?.ipAddress ?? "unknown"
          return .upgrade([:]) { inbound, outbound, _ in
            try await SocketSession(settings: socket, remoteAddress: address).run(inbound: inbound, outbound: outbound)
          }
        },
        limits: guardLimits,
        securityHeaders: PageResources.securityHeaderLines,
        ledger: ledger
      )
    }
    return Application(
      router: router,
      server: server,
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port),
        availableConnectionsDelegate: .maximum(maxConnections + 16, logger: logger)
      ),
      logger: logger
    )
  }
}
