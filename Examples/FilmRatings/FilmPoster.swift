import Foundation

/// A poster drawn for a film: an SVG image of its title and year on a colour of its own, so the
/// example shows an image view without shipping image files.
enum FilmPoster {
  /// The poster of the film titled `title`, out in `year`, as SVG bytes.
  static func svg(title: String, year: Int) -> Data {
    let hue = title.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) % 360 }
    let words = title.split(separator: " ").prefix(3).map { escaped(String($0.prefix(14))) }
    let lines = words.enumerated().map { index, word in
      ##"<text x="60" y="\##(70 + 22 * index)" font-size="18" text-anchor="middle" fill="#fff">\##(word)</text>"##
    }
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="120" height="170" viewBox="0 0 120 170">\
      <rect width="120" height="170" rx="8" fill="hsl(\(hue), 45%, 35%)"/>\
      \(lines.joined())\
      <text x="60" y="150" font-size="14" text-anchor="middle" fill="#ddd">\(year)</text></svg>
      """
    return Data(svg.utf8)
  }

  /// `text` with the characters XML gives a meaning written as entities.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
