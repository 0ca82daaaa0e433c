/// Where a value read from a file was: its scalar node and the file, to locate a problem found
/// later at a character inside the value.
struct YAMLValueOrigin: Sendable {
  let source: YAMLSource
  let node: YAMLNode

  /// The line and column of the character `offset` (from 0) of the value.
  func location(ofCharacter offset: Int) -> (line: Int, column: Int) {
    source.location(ofCharacter: offset, in: node)
  }
}
