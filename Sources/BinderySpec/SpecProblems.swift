/// The problems found in one file so far: at most a limit, then one last problem saying that the
/// rest are not reported.
struct SpecProblems {
  /// The most problems kept.
  let limit: Int
  /// The problems, in the order they were found.
  private(set) var list: [SpecError] = []
  /// Whether the limit was passed: checking may stop.
  private(set) var isFull = false

  init(limit: Int) {
    self.limit = max(1, limit)
  }

  var isEmpty: Bool { list.isEmpty }

  /// Adds a problem; past the limit, the first one dropped becomes the last one kept, saying so.
  mutating func append(_ error: SpecError) {
    guard !isFull else { return }
    guard list.count < limit else {
      isFull = true
      list.append(
        SpecError(
          file: error.file, line: error.line, column: error.column, kind: .limit,
          message: "more than \(limit) problems; the rest of the file is not checked"))
      return
    }
    list.append(error)
  }

  static func += (problems: inout SpecProblems, errors: [SpecError]) {
    for error in errors { problems.append(error) }
  }
}
