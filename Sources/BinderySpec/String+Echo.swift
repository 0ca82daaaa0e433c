extension String {
  /// The most characters of a file's text a message repeats.
  static let echoLimit = 80

  /// The text in quotes, as a message repeats it: cut after ``echoLimit`` characters, with an
  /// ellipsis, so that a huge token does not make a huge message.
  var echoed: String { "\"" + cut(after: Self.echoLimit) + "\"" }

  /// The text, cut after `limit` characters with an ellipsis.
  func cut(after limit: Int) -> String {
    guard let end = index(startIndex, offsetBy: limit, limitedBy: endIndex), end != endIndex else { return self }
    return self[..<end] + "…"
  }

  /// A message from elsewhere (an expression's, a key path's) as a problem repeats it: every quoted
  /// run cut after ``echoLimit`` characters, and the whole after a few lines' worth.
  var shortenedMessage: String {
    guard count > Self.echoLimit else { return self }
    var result = ""
    var quoted = ""
    var inQuotes = false
    for character in self {
      if character == "\"" {
        if inQuotes { result += quoted.cut(after: Self.echoLimit) }
        quoted = ""
        inQuotes.toggle()
        result.append(character)
      } else if inQuotes {
        quoted.append(character)
      } else {
        result.append(character)
      }
    }
    if inQuotes { result += quoted.cut(after: Self.echoLimit) }
    return result.cut(after: 8 * Self.echoLimit)
  }
}

extension String {
  /// The file name at the end of a path (`Editor.spec.yaml` of `Specs/Editor.spec.yaml`), as a
  /// binding's location shows it.
  var lastPathComponent: String {
    guard let slash = lastIndex(of: "/") else { return self }
    return String(self[index(after: slash)...])
  }
}
