import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Limits a connection before Hummingbird reads it: the time and bytes its first request head may
/// take, and the shape of its request line. A client that breaks one gets a plain HTTP error (400,
/// 408, 414, 431) with the security headers, and is closed; a connection over the per-address cap
/// gets a 503 at once.
///
/// It sits first in the pipeline, sees the raw bytes until the first request head is complete,
/// then removes itself.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundOut = ByteBuffer

  struct Limits {
    var headerTimeout: TimeAmount
    var maxRequestLineBytes: Int
    var maxHeaderBytes: Int
  }

  private let limits: Limits
  private let securityHeaders: String
  private var deadline: Scheduled<Void>?
  /// Bytes of the first request head seen so far; `nil` once it is complete.
  private var headBytes: Int? = 0
  private var requestLine: [UInt8] = []
  private var sawLineEnd = false
  /// The last three bytes seen, to find `\r\n\r\n` across reads.
  private var tail: UInt32 = 0
  private var rejected = false
  private let refuseAtOnce: Bool
  private var context: ChannelHandlerContext?

  init(limits: Limits, securityHeaders: String, refuseAtOnce: Bool) {
    self.limits = limits
    self.securityHeaders = securityHeaders
    self.refuseAtOnce = refuseAtOnce
  }

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    if refuseAtOnce {
      // Written once the socket is active: a connection over a cap is answered, never left waiting.
      if context.channel.isActive { reject(context, "503 Service Unavailable") }
      return
    }
    let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
    deadline = context.eventLoop.scheduleTask(in: limits.headerTimeout) {
      let (handler, context) = loopBound.value
      guard !handler.rejected else { return }
      handler.rejected = true
      handler.respond(context, "408 Request Timeout")
    }
  }

  func channelActive(context: ChannelHandlerContext) {
    if refuseAtOnce, !rejected {
      reject(context, "503 Service Unavailable")
      return
    }
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
    self.context = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !rejected else { return }
    guard let seen = headBytes else {
      context.fireChannelRead(data)
      return
    }
    let buffer = unwrapInboundIn(data)
    var count = seen
    var complete = false
    for byte in buffer.readableBytesView {
      count += 1
      if !sawLineEnd {
        if byte == UInt8(ascii: "\n") {
          sawLineEnd = true
          guard Self.isRequestLine(requestLine) else { return reject(context, "400 Bad Request") }
        } else if requestLine.count >= limits.maxRequestLineBytes {
          return reject(context, "414 URI Too Long")
        } else {
          requestLine.append(byte)
        }
      }
      tail = (tail << 8) | UInt32(byte)
      if tail == 0x0D0A_0D0A {
        complete = true
        break
      }
      if count > limits.maxHeaderBytes { return reject(context, "431 Request Header Fields Too Large") }
    }
    headBytes = count
    context.fireChannelRead(data)
    if complete {
      headBytes = nil
      deadline?.cancel()
      deadline = nil
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
  }

  /// The HTTP parser failed on the first request (a malformed header): a 400 instead of a silent
  /// close. Called on the channel's event loop.
  func parserFailed(_ error: any Error) {
    guard let context, headBytes != nil, !rejected else { return }
    let overflow = (error as? HTTPParserError) == .headerOverflow
    reject(context, overflow ? "431 Request Header Fields Too Large" : "400 Bad Request")
  }

  private func reject(_ context: ChannelHandlerContext, _ status: String) {
    rejected = true
    deadline?.cancel()
    deadline = nil
    respond(context, status)
  }

  private func respond(_ context: ChannelHandlerContext, _ status: String) {
    let body = status + "\n"
    let text =
      "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
      + "Connection: close\r\n\(securityHeaders)\r\n\(body)"
    var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
    buffer.writeString(text)
    let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
    context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in loopBound.value.close(promise: nil) }
  }

  /// `METHOD SP target SP HTTP/1.x`, with an optional `\r` at the end.
  static func isRequestLine(_ line: [UInt8]) -> Bool {
    var line = line[...]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
      parts[0].allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }),
      parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else { return false }
    return parts[2].elementsEqual("HTTP/1.1".utf8) || parts[2].elementsEqual("HTTP/1.0".utf8)
  }
}

/// Tells the ``ConnectionGuard`` when the HTTP parser, which sits after it, fails.
final class ParserErrorWatcher: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  private let connectionGuard: ConnectionGuard

  init(_ connectionGuard: ConnectionGuard) {
    self.connectionGuard = connectionGuard
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    connectionGuard.parserFailed(error)
    context.fireErrorCaught(error)
  }
}

/// Waits for the WebSocket upgrade, then puts a ``MaskedFrameGuard`` after the frame decoder.
final class UpgradeWatcher: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = NIOAny

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case HTTPServerUpgradeEvents.upgradeComplete = event {
      let operations = context.pipeline.syncOperations
      if let decoder = try? operations.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self) {
        try? operations.addHandler(MaskedFrameGuard(), position: .after(decoder))
      }
      context.fireUserInboundEventTriggered(event)
      operations.removeHandler(context: context, promise: nil)
      return
    }
    context.fireUserInboundEventTriggered(event)
  }
}

/// Closes a socket whose client sends an unmasked frame (RFC 6455 §5.1: a client masks every
/// frame), with code 1002.
final class MaskedFrameGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  private var closed = false

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !closed else { return }
    let frame = unwrapInboundIn(data)
    guard frame.maskKey != nil else {
      closed = true
      var payload = context.channel.allocator.buffer(capacity: 2)
      payload.write(webSocketErrorCode: .protocolError)
      let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: payload)
      let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
      context.writeAndFlush(wrapOutboundOut(close)).whenComplete { _ in loopBound.value.close(promise: nil) }
      return
    }
    context.fireChannelRead(data)
  }
}
