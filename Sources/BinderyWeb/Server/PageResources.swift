import Foundation
import HTTPTypes
import Hummingbird

/// The page's HTML, script and style sheet, read once from the package's resources.
struct PageResources: Sendable {
  let html: String
  let script: String
  let style: String
  /// The inspector's page, script and style sheet.
  let inspectorHTML: String
  let inspectorScript: String
  let inspectorStyle: String

  /// The resources of a page titled `title`, whose script paces what it sends to fit `rates` (what
  /// one socket may send before it is refused).
  static func load(title: String, rates: SocketRates, controlTags: [String] = []) throws -> PageResources {
    func read(_ name: String, _ type: String) throws -> String {
      guard let url = Bundle.module.url(forResource: name, withExtension: type, subdirectory: "Resources") else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/\(name).\(type)"])
      }
      return try String(contentsOf: url, encoding: .utf8)
    }
    let template = try read("index", "html")
    return PageResources(
      html: template.replacingOccurrences(of: "{{title}}", with: escapeHTML(title))
        .replacingOccurrences(
          of: "{{controls}}",
          with: controlTags.map { "<script src=\"/controls/\($0).js\"></script>\n" }.joined()
        )
        .replacingOccurrences(
          of: "{{rates}}",
          with: [rates.actionsPerSecond, rates.actionBurst, rates.editsPerSecond, rates.editBurst]
            .map { String(describing: $0) }.joined(separator: " ")),
      script: try read("bindery", "js"),
      style: try read("bindery", "css"),
      inspectorHTML: try read("inspect", "html"),
      inspectorScript: try read("inspect", "js"),
      inspectorStyle: try read("inspect", "css")
    )
  }

  /// A response with headers that keep the page to its own script: no inline script, no framing,
  /// no guessing of content types.
  func response(_ body: String, type: String) -> Response {
    var headers = Self.securityFields
    headers[.contentType] = type
    headers[.cacheControl] = "no-cache"
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
  }

  /// The headers every response carries, errors included.
  static let securityHeaders: [(name: String, value: String)] = [
    (
      "Content-Security-Policy",
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "frame-ancestors 'none'"
    ),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
  ]

  /// ``securityHeaders`` as fields.
  static var securityFields: HTTPFields {
    var fields = HTTPFields()
    for header in securityHeaders {
      if let name = HTTPField.Name(header.name) { fields[name] = header.value }
    }
    return fields
  }

  /// ``securityHeaders`` as raw HTTP/1.1 header lines, each ending in CRLF.
  static var securityHeaderLines: String {
    securityHeaders.map { "\($0.name): \($0.value)\r\n" }.joined()
  }

  static func escapeHTML(_ text: String) -> String {
    var output = ""
    for character in text {
      switch character {
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "&": output += "&amp;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.append(character)
      }
    }
    return output
  }
}
