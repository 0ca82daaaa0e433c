import Hummingbird

/// Puts the security headers on every response, errors (404, 405…) included.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as HTTPError {
      response = Response(
        status: error.status, headers: [.contentType: "text/plain; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: "\(error.status.code) \(error.status.reasonPhrase)\n")))
    }
    for field in PageResources.securityFields where response.headers[field.name] == nil {
      response.headers.append(field)
    }
    return response
  }
}
