import Foundation
import Hummingbird

/// The page's HTML, script and style sheet, read once from the package's resources.
struct PageResources: Sendable {
  let html: String
  let script: String
  let style: String

  static func load(title: String) throws -> PageResources {
    func read(_ name: String, _ type: String) throws -> String {
      guard let url = Bundle.module.url(forResource: name, withExtension: type, subdirectory: "Resources") else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/\(name).\(type)"])
      }
      return try String(contentsOf: url, encoding: .utf8)
    }
    let template = try read("index", "html")
    return PageResources(
      html: template.replacingOccurrences(of: "{{title}}", with: escapeHTML(title)),
      script: try read("bindery", "js"),
      style: try read("bindery", "css")
    )
  }

  /// A response with headers that keep the page to its own script: no inline script, no framing,
  /// no guessing of content types.
  func response(_ body: String, type: String) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = type
    headers[.contentSecurityPolicy] =
      "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors 'none'"
    headers[.xContentTypeOptions] = "nosniff"
    headers[.cacheControl] = "no-cache"
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
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
