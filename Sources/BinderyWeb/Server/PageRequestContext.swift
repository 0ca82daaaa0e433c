import Hummingbird
import NIOCore

/// The context of a request to the page's server: Hummingbird's own, and the client's address (the
/// inspector answers clients on this machine only).
struct PageRequestContext: RequestContext, RemoteAddressRequestContext {
  var coreContext: CoreRequestContextStorage
  /// The client's address.
  let remoteAddress: SocketAddress?

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }
}
