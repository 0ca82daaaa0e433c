#if Postgres
  import Bindery
  import BinderyControllers
  import BinderyControls
  import BinderyStore
  import Foundation
  import Testing

  @testable import BinderyPostgres

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// A TCP proxy on 127.0.0.1 in front of a PostgreSQL server, for one test's stores: it forwards
  /// every byte both ways, or stalls (holds every byte, on the connections it has and on new ones,
  /// until it forwards again), or is down (drops every connection, and closes each new one at once, as
  /// a stopped server's host would), as the test says. The server itself, which other tests share,
  /// keeps running.
  final class PostgresProxy: @unchecked Sendable {
    /// What the proxy does with the bytes and connections it gets.
    enum Mode {
      case forwarding, stalled, down
    }

    /// The port it listens on.
    let port: Int
    private let listener: Int32
    private let upstream: sockaddr_in
    // NSLock (pthread), which the thread sanitizer sees.
    private let lock = NSLock()
    private var mode = Mode.forwarding
    private var sockets: Set<Int32> = []
    private var closed = false
    private var listening = true

    /// A proxy to the server at `host` (an IPv4 address) and `port`, listening at once.
    init(host: String, port: Int) throws {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr(host)
      address.sin_port = in_port_t(UInt16(port).bigEndian)
      upstream = address
      let descriptor = Self.tcpSocket()
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &local) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { local in
          bind(descriptor, local, length) == 0 && listen(descriptor, 16) == 0
            && getsockname(descriptor, local, &length) == 0
        }
      }
      guard descriptor >= 0, bound else { throw StoreError(.database, "no listening socket for the proxy") }
      listener = descriptor
      self.port = Int(UInt16(bigEndian: local.sin_port))
      Thread.detachNewThread { self.acceptConnections() }
    }

    /// Forwards, stalls or goes down from now on; going down drops every connection.
    func set(_ mode: Mode) {
      // Under the lock: a pair forgets its sockets under it before closing them, so none of these
      // numbers is meanwhile another file's.
      lock.withLock {
        self.mode = mode
        if mode == .down {
          for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
        }
      }
    }

    /// Stops listening and drops every connection.
    func close() {
      lock.withLock {
        closed = true
        for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
        // Wakes the accepting thread, which closes it.
        if listening { shutdown(listener, Int32(SHUT_RDWR)) }
      }
    }

    private var currentMode: Mode { lock.withLock { mode } }

    private static func tcpSocket() -> Int32 {
      #if canImport(Glibc)
        socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #else
        socket(AF_INET, SOCK_STREAM, 0)
      #endif
    }

    private func acceptConnections() {
      defer {
        lock.withLock {
          listening = false
          _ = systemClose(listener)
        }
      }
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else {
          if errno == EINTR, !lock.withLock({ closed }) { continue }
          return
        }
        let server = Self.tcpSocket()
        var address = upstream
        let connected = withUnsafePointer(to: &address) { pointer in
          pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            connect(server, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
          }
        }
        let kept =
          connected
          && lock.withLock {
            guard !closed, mode != .down else { return false }
            sockets.formUnion([client, server])
            return true
          }
        guard kept else {
          _ = systemClose(client)
          _ = systemClose(server)
          continue
        }
        let pair = Pair(client, server, proxy: self)
        Thread.detachNewThread { self.pump(from: client, to: server, pair: pair) }
        Thread.detachNewThread { self.pump(from: server, to: client, pair: pair) }
      }
    }

    /// Copies what `source` sends to `destination`, holding it while stalled, until either side closes
    /// or the proxy goes down.
    private func pump(from source: Int32, to destination: Int32, pair: Pair) {
      var buffer = [UInt8](repeating: 0, count: 16_384)
      copying: while true {
        let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        while currentMode == .stalled { usleep(5_000) }
        guard currentMode == .forwarding else { break }
        var offset = 0
        while offset < count {
          let sent = buffer.withUnsafeBytes {
            send(destination, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL))
          }
          guard sent > 0 else { break copying }
          offset += sent
        }
      }
      shutdown(source, Int32(SHUT_RDWR))
      shutdown(destination, Int32(SHUT_RDWR))
      pair.pumpEnded()
    }

    /// Forgets `sockets`, which are being closed.
    fileprivate func forget(_ closing: [Int32]) {
      lock.withLock { sockets.subtract(closing) }
    }

    /// A client's connection and the proxy's to the server: closed once both pumps have ended.
    private final class Pair: @unchecked Sendable {
      private let sockets: [Int32]
      private weak var proxy: PostgresProxy?
      private let lock = NSLock()
      private var running = 2

      init(_ client: Int32, _ server: Int32, proxy: PostgresProxy) {
        sockets = [client, server]
        self.proxy = proxy
      }

      func pumpEnded() {
        guard
          lock.withLock({ () -> Bool in
            running -= 1
            return running == 0
          })
        else { return }
        proxy?.forget(sockets)
        for socket in sockets { _ = systemClose(socket) }
      }
    }
  }

  /// The C library's `close`.
  private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(descriptor)
    #else
      Darwin.close(descriptor)
    #endif
  }

  @Suite(
    "PostgreSQL stopped and stalled under two instances",
    .enabled(if: StoreKind.postgresURL != nil), .serialized)
  struct PostgresFaultTests {
    let url = StoreKind.postgresURL ?? ""
    let schema = freshSchema()

    /// Two instances (each its own store, both through `proxy`, and an array controller each) on one
    /// schema holding the sample contacts; the first instance's store logs into `log`, the second
    /// follows the others' changes through `work`; and a store straight to the server, to see what the
    /// table holds. Returns once the second instance has heard an edit of the first's.
    private func instances(through proxy: PostgresProxy, log: LogCapture) async throws -> Instances {
      let address = try PostgresURL(url)
      let user = address.user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? address.user
      let password = address.password.map {
        ":" + ($0.addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed) ?? $0)
      }
      let database =
        address.database.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? address.database
      let proxied = "postgres://\(user)\(password ?? "")@127.0.0.1:\(proxy.port)/\(database)"
      let direct = try PostgresStore(url: url, schema: schema)
      let table = StoreSetup(store: direct, reopen: { direct })
      try table.insert(sampleContacts)
      // Short limits, so a stall ends within seconds.
      let first = try PostgresStore(
        url: proxied, schema: schema, connectTimeout: .seconds(2), queryTimeout: .seconds(2),
        logger: log.logger("bindery.postgres"))
      let second = try PostgresStore(
        url: proxied, schema: schema, connectTimeout: .seconds(2), queryTimeout: .seconds(2))
      let instances = try Instances(table: table, first: first, second: second, log: log)
      let work = instances.work
      let firstFollows = instances.firstContent.followChangesByOthers { work.add($0) }
      let secondFollows = instances.secondContent.followChangesByOthers { work.add($0) }
      #expect(firstFollows && secondFollows)
      instances.first.select(indexes: [1])
      instances.field.bind(\.text, to: .marked(instances.first, \.selection.name))
      // The second instance's listener is up once it hears the first's edit.
      instances.first.arrangedObjects[2].age = 42
      #expect(try await instances.eventually { instances.second.arrangedObjects[2].age == 42 })
      return instances
    }

    /// The two instances of a test.
    struct Instances {
      let table: StoreSetup
      let first = ArrayController<PlainContact>()
      let second = ArrayController<PlainContact>()
      let firstContent: StoredContent<PlainContact>
      let secondContent: StoredContent<PlainContact>
      let log: LogCapture
      let field = HeadlessTextField()
      let work = PendingWork()
      let errors = ErrorLog()

      /// The first instance's controller bound to `first`, the second's to `second`.
      init(table: StoreSetup, first: PostgresStore, second: PostgresStore, log: LogCapture) throws {
        self.table = table
        self.log = log
        firstContent = try self.first.bindContent(to: .rows(of: PlainContact.entity, in: first))
        secondContent = try self.second.bindContent(to: .rows(of: PlainContact.entity, in: second))
        firstContent.errorHandler = { [errors] in errors.append($0) }
      }

      /// Types `text` into the first instance's field on Ada's name; the failures reported to the edit
      /// (what a web page gets instead of its acknowledgement).
      func type(_ text: String) -> [any Error] {
        UserEditing.collectingFailures {
          field.userDidBeginEditing()
          field.userDidEdit(text: text)
        }
      }

      /// Checks that the edit just refused was reported with a message containing one of `reasons`,
      /// put back and written nowhere, and logged by the store with its table.
      func expectRefused(_ failures: [any Error], _ reasons: String...) throws {
        #expect(failures.count == 1)
        let failure = try #require(failures.first as? StoreError)
        #expect(failure.kind == .database)
        let reason = try #require(reasons.first { failure.message.contains($0) }, "\(failure.message)")
        #expect(firstContent.lastError?.message == failure.message)
        #expect(errors.kinds == [.database])
        #expect(first.arrangedObjects[1].name == "Ada")
        #expect(field.text == "Ada")
        #expect(try table.names() == ["Grace", "Ada", "Alan"])
        let logged = log.logged(atLeast: .error)
        #expect(logged.contains { $0.message.contains(reason) && $0.metadata["table"] == "contact" })
        #expect(!log.all.contains { $0.text.contains("Augusta") })
        #expect(log.all.contains { $0.level == .warning && $0.message.contains("connection lost") })
      }

      /// Checks that an edit saves once the server is back, and that the other instance shows it.
      func expectEditsFlowAgain() async throws {
        #expect(type("Augusta").isEmpty)
        #expect(try table.names() == ["Grace", "Augusta", "Alan"])
        #expect(try await eventually { second.arrangedObjects[1].name == "Augusta" })
        #expect(first.arrangedObjects[1].name == "Augusta")
      }

      /// Waits for `condition`, trying `seconds` × 50 times 20 ms apart (tries, not a deadline: a
      /// machine too busy to run this task still gets them all), running the work handed to the
      /// models' executor meanwhile.
      func eventually(seconds: Int = 20, _ condition: () -> Bool) async throws -> Bool {
        for _ in 0..<(seconds * 50) {
          work.run()
          if condition() { return true }
          try await Task.sleep(for: .milliseconds(20))
        }
        return false
      }
    }

    /// A proxy to the server the tests use.
    private func proxy() throws -> PostgresProxy {
      let address = try PostgresURL(url)
      return try PostgresProxy(host: address.host == "localhost" ? "127.0.0.1" : address.host, port: address.port)
    }

    @Test(
      "with the server gone, an edit on one instance is reported, not acknowledged, put back and logged; once it is back an edit saves and the other instance shows it"
    )
    func serverStopped() async throws {
      let proxy = try proxy()
      defer { proxy.close() }
      let instances = try await instances(through: proxy, log: LogCapture())
      proxy.set(.down)
      // A connection the proxy dropped is refused at once once the client has seen it close; seen
      // late (the thread sanitizer's load can hold the event loop for seconds), the edit's statement
      // waits for the query timeout instead. Either way the edit is refused, put back and logged.
      try instances.expectRefused(instances.type("Augusta"), "PostgreSQL", "timed out")
      proxy.set(.forwarding)
      try await instances.expectEditsFlowAgain()
      let log = instances.log
      #expect(log.all.contains { $0.level == .info && $0.message.contains("opened again") })
      // The first instance's change listener lost its connection too, and said when it was back (it
      // notices and retries on its own, with a backoff: under the thread sanitizer's load, slowly).
      #expect(
        try await instances.eventually(seconds: 90) {
          log.all.contains { $0.level == .warning && $0.message.contains("listener lost its connection") }
        })
      #expect(
        try await instances.eventually(seconds: 90) { log.all.contains { $0.message.contains("listening again") } })
    }

    @Test(
      "with the server stalled, an edit waits for the query timeout, then is reported, put back and logged as timed out; once it answers again edits flow to the other instance"
    )
    func serverStalled() async throws {
      let proxy = try proxy()
      defer { proxy.close() }
      let instances = try await instances(through: proxy, log: LogCapture())
      proxy.set(.stalled)
      let start = Date()
      let failures = instances.type("Augusta")
      let waited = Date().timeIntervalSince(start)
      #expect(waited >= 1.9 && waited < 6, "the edit waited \(waited) s")
      try instances.expectRefused(failures, "timed out after 2 s")
      proxy.set(.forwarding)
      try await instances.expectEditsFlowAgain()
    }

    @Test(
      "with the server stalled and no connection left open, an edit waits for the connect timeout, then is reported as timed out connecting and put back; once it answers again edits flow"
    )
    func serverStalledWhileConnecting() async throws {
      let proxy = try proxy()
      defer { proxy.close() }
      let instances = try await instances(through: proxy, log: LogCapture())
      // Down, the proxy drops every connection: an edit meanwhile is refused and leaves the store none.
      proxy.set(.down)
      #expect(instances.type("Augusta").count == 1)
      proxy.set(.stalled)
      let start = Date()
      let failures = instances.type("Augusta")
      let waited = Date().timeIntervalSince(start)
      #expect(waited >= 1.9 && waited < 6, "the edit waited \(waited) s")
      #expect(failures.count == 1)
      let failure = try #require(failures.first as? StoreError)
      #expect(failure.kind == .database)
      #expect(failure.message.contains("connecting to PostgreSQL timed out after 2 s"), "\(failure.message)")
      #expect(instances.field.text == "Ada")
      #expect(instances.first.arrangedObjects[1].name == "Ada")
      #expect(try instances.table.names() == ["Grace", "Ada", "Alan"])
      proxy.set(.forwarding)
      try await instances.expectEditsFlowAgain()
    }
  }
#endif
