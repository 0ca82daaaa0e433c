import Bindery
import Foundation

/// A YAML file being read: its name and text, for its nodes and for errors at their place.
struct YAMLSource: Sendable {
  let file: String
  let text: String
  /// Where each line starts, found the first time an error needs it.
  private let lines = LineIndex()

  init(file: String, text: String) {
    self.file = file
    self.text = text
  }

  /// The document's root node (`nil` for an empty file), read within `limits`.
  func root(limits: SpecLimits) throws(SpecLoadError) -> YAMLNode? {
    let size = text.utf8.count
    if size > limits.maximumFileSize {
      let (line, column) = withBytes { Self.location(ofByte: limits.maximumFileSize, in: $0) }
      throw SpecLoadError([
        error(
          .limit, "the file is larger than \(limits.maximumFileSize) bytes", line: line, column: column)
      ])
    }
    return try YAMLReader(source: self, limits: limits).read()
  }

  /// Reads the file at `path` as UTF-8 text, no further than `limit` bytes.
  ///
  /// - Throws: ``SpecLoadError`` when the file cannot be read, is larger than `limit` (at the first
  ///   byte past it) or is not UTF-8 (at the first byte that is not).
  static func text(contentsOf path: String, limit: Int) throws(SpecLoadError) -> String {
    let limit = max(0, limit)
    func failure(_ message: String, _ line: Int = 1, _ column: Int = 1, _ kind: SpecError.Kind = .yaml)
      -> SpecLoadError
    {
      SpecLoadError([SpecError(file: path, line: line, column: column, kind: kind, message: message)])
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw failure(exists ? "cannot read the file: it may not be read" : "cannot read the file: it does not exist")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: limit < .max ? limit + 1 : limit) ?? Data()
    } catch {
      throw failure("cannot read the file: \(error.localizedDescription)")
    }
    let checked = data.withUnsafeBytes { raw -> Result<String, SpecLoadError> in
      let bytes = raw.bindMemory(to: UInt8.self)
      if bytes.count > limit {
        let (line, column) = location(ofByte: limit, in: bytes)
        return .failure(failure("the file is larger than \(limit) bytes", line, column, .limit))
      }
      if let invalid = firstInvalidUTF8Byte(in: bytes) {
        let (line, column) = location(ofByte: invalid, in: bytes)
        return .failure(
          failure("the file is not UTF-8 text: this byte does not start or continue a character", line, column))
      }
      return .success(String(decoding: bytes, as: UTF8.self))
    }
    return try checked.get()
  }

  /// The offset of the first byte that is not part of well-formed UTF-8.
  private static func firstInvalidUTF8Byte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// The line and column (from 1, columns in Unicode scalars, lines ended as YAML ends them) of the
  /// byte at `offset` of UTF-8 text.
  static func location(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var index = 0
    let end = max(0, min(offset, bytes.count))
    while index < end {
      let width = lineBreakWidth(in: bytes, at: index)
      if width > 0 {
        line += 1
        column = 1
        index += width
        continue
      }
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    // A byte inside a character counts with the character.
    if end < bytes.count, bytes[end] & 0xC0 == 0x80, column > 1 { column -= 1 }
    return (line, column)
  }

  /// The length of the line break at `index` (`\n`, `\r\n`, `\r`, NEL, LS, PS), or 0.
  static func lineBreakWidth(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    switch bytes[index] {
    case 0x0A: return 1
    case 0x0D: return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
    case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : 0
    case 0xE2:
      guard index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
      else { return 0 }
      return 3
    default: return 0
    }
  }

  /// The offset in UTF-8 of the start of `line` (from 1), or `nil` past the last line.
  func startOfLine(_ line: Int) -> Int? {
    let starts = lines.starts(in: self)
    return line >= 1 && line <= starts.count ? starts[line - 1] : nil
  }

  /// Runs `body` with the text's UTF-8 bytes.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var text = text
    return text.withUTF8(body)
  }

  // MARK: Errors

  /// An error at `line` and `column`, its message's repeats of the file's text cut short.
  func error(_ kind: SpecError.Kind, _ message: String, line: Int, column: Int) -> SpecError {
    SpecError(file: file, line: line, column: column, kind: kind, message: message)
  }

  /// An error at `node` (its first character).
  func error(_ kind: SpecError.Kind, _ message: String, at node: YAMLNode) -> SpecError {
    error(kind, message, line: node.line, column: node.column)
  }

  /// An error at the character `offset` (from 0, in characters) of the value of the scalar `node`,
  /// located in the file (past its quote, escapes, folded lines and block indentation).
  func error(_ kind: SpecError.Kind, _ message: String, in node: YAMLNode, offset: Int) -> SpecError {
    let (line, column) = location(ofCharacter: offset, in: node)
    return error(kind, message, line: line, column: column)
  }
}

/// Where the lines of a text start, in UTF-8 offsets; found once, when first needed.
private final class LineIndex: Sendable {
  private let cache = SharedLock<[Int]?>(nil)

  func starts(in source: YAMLSource) -> [Int] {
    cache.withLock { cache in
      if let cache { return cache }
      let starts = source.withBytes { bytes in
        var starts = [0]
        var index = 0
        while index < bytes.count {
          let width = YAMLSource.lineBreakWidth(in: bytes, at: index)
          if width > 0 {
            index += width
            starts.append(index)
          } else {
            index += 1
          }
        }
        return starts
      }
      cache = starts
      return starts
    }
  }
}
