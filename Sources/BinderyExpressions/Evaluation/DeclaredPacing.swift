package import Bindery

/// The pacing a `pacing` attribute declares (`pacing: "debounce 300ms"`, `pacing: "throttle 1s"`):
/// its kind and delay, read from text, checked when the expression or file is loaded.
package struct DeclaredPacing: Equatable {
  /// The kinds of pacing a file can name, in the order errors list them.
  package static let kinds = ["debounce", "throttle"]
  /// The longest delay a file may declare.
  package static let maximumDelay = Duration.seconds(3600)

  /// How long after an edit its write comes.
  package let delay: Duration
  /// Whether each edit restarts the wait (debounce) or not (throttle).
  package let restartsOnEachEdit: Bool

  /// Reads `text`; returns what is wrong with it, and where in it (characters from 0), on failure.
  package static func read(_ text: String) -> Result<DeclaredPacing, PacingTextError> {
    let characters = Array(text)
    var index = 0
    while index < characters.count, characters[index] == " " { index += 1 }
    let kindStart = index
    while index < characters.count, characters[index] != " " { index += 1 }
    let kind = String(characters[kindStart..<index])
    guard let kindIndex = kinds.firstIndex(of: kind) else {
      let shown = kind.count > 40 ? String(kind.prefix(40)) + "…" : kind
      return .failure(
        PacingTextError(
          "unknown pacing \"\(shown)\" (use \(kinds.joined(separator: ", ")), as in \"debounce 300ms\")",
          at: kindStart))
    }
    while index < characters.count, characters[index] == " " { index += 1 }
    let delayStart = index
    guard index < characters.count else {
      return .failure(PacingTextError("\(kind) needs a delay in ms or s (\"\(kind) 300ms\")", at: delayStart))
    }
    if characters[index] == "-" {
      return .failure(PacingTextError("the delay of \(kind) must not be negative", at: delayStart))
    }
    while index < characters.count, characters[index].isASCII, characters[index].isNumber || characters[index] == "." {
      index += 1
    }
    let number = String(characters[delayStart..<index])
    while index < characters.count, characters[index] == " " { index += 1 }
    let unitStart = index
    while index < characters.count, characters[index] != " " { index += 1 }
    let unit = String(characters[unitStart..<index])
    while index < characters.count, characters[index] == " " { index += 1 }
    guard number.count <= 20, let amount = Double(number), amount.isFinite, unit == "ms" || unit == "s",
      index == characters.count
    else {
      return .failure(
        PacingTextError(
          "the delay of \(kind) is a number of ms or s (\"300ms\", \"0.5s\", \"1s\"), then nothing", at: delayStart))
    }
    let seconds = unit == "ms" ? amount / 1000 : amount
    guard seconds <= 3600 else {
      return .failure(PacingTextError("the delay of \(kind) must be at most 1 hour (3600s)", at: delayStart))
    }
    let delay = unit == "ms" ? Duration.milliseconds(amount) : Duration.seconds(amount)
    return .success(DeclaredPacing(delay: delay, restartsOnEachEdit: kindIndex == 0))
  }

  /// The pacing, its writes made on `isolation` (the actor the file or expression was loaded on).
  package func pacing(isolation: (any Actor)?) -> EditPacing {
    EditPacing(delay: delay, restartsOnEachEdit: restartsOnEachEdit, clock: ContinuousClock(), isolation: isolation)
  }
}

/// What is wrong with a `pacing` attribute's text, and where in the text.
package struct PacingTextError: Error, Equatable {
  /// The problem, for a located error.
  package let message: String
  /// Where in the text (characters from 0).
  package let offset: Int

  init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }
}
