public import ServiceLifecycle

/// A web server is a service of swift-service-lifecycle: run it beside a database client in one
/// `ServiceGroup`, and SIGTERM stops it gracefully (no more messages, ``Configuration/whenStopped``
/// writes what is pending) before the client, which the group stops after it.
///
/// ```swift
/// let group = ServiceGroup(
///   configuration: .init(services: [postgresClient, server], gracefulShutdownSignals: [.sigterm], logger: logger))
/// try await group.run()
/// ```
extension WebServer: Service {}
