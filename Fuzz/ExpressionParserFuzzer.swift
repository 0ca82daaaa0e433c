// libFuzzer target for the binding-expression parser: any bytes, read as UTF-8, must either parse
// or fail with an error whose location is inside the text; nothing may crash or hang.
// Built by Fuzz/run.sh with the parser's sources (they import nothing).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpressionParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let parsed = try ExpressionParser.parse(text)
    // What parsed prints and parses again.
    if let primary = parsed.primary {
      _ = try? ExpressionParser.parse(primary.description)
    }
  } catch {
    let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
    precondition(error.location.line >= 1 && error.location.line <= lineCount, "line out of range: \(error)")
    precondition(error.location.column >= 1, "column out of range: \(error)")
    precondition(error.location.offset <= text.count, "offset out of range: \(error)")
    _ = error.formatted
  }
  return 0
}
