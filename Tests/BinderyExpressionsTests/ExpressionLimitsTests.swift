import Bindery
import BinderyExpressions
import Foundation
import Synchronization
import Testing

/// Runs `body` on a thread with a small stack (512 KB, a secondary thread's size on Apple platforms)
/// and waits for it.
func onSmallStack(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.stackSize = 512 * 1024
  thread.start()
  done.wait()
}

/// `term op term op …` with `count` terms.
func chain(_ term: String, _ op: String, count: Int) -> String {
  Array(repeating: term, count: count).joined(separator: " \(op) ")
}

/// What Swift computes for `flag op flag op …` (left to right) with `count` terms.
func expectedChain(_ op: String, flag: Bool, count: Int) -> Bool {
  var value = flag
  for _ in 1..<count {
    switch op {
    case "||": value = value || flag
    case "&&": value = value && flag
    case "==", "===": value = value == flag
    default: value = value != flag
    }
  }
  return value
}

/// Parses, compiles, binds and evaluates `text` on a sample in both states of its `flag`, and prints
/// and parses it again; returns the error if any step refuses it.
func bindBooleanBothWays(_ text: String, expected: (Bool) -> Bool) throws(ExpressionError) {
  let parsed = try ExpressionParser.parse(text)
  let reparsed = try ExpressionParser.parse(parsed.primary?.description ?? "")
  #expect(reparsed == parsed)
  let sample = Sample()
  let light = Light()
  try light.bind(\.isOn, to: .expression(sample, text))
  #expect(light.isOn == expected(false))
  sample.flag = true
  #expect(light.isOn == expected(true))
  let compiled = try CompiledExpression(text, data: Sample.self)
  #expect(compiled.evaluate(in: ExpressionScope(data: sample)) as? Bool == expected(true))
}

let binaryOperators = ["||", "&&", "==", "!=", "===", "!==", "<", "<=", ">", ">="]

@Suite("Expression limits")
struct ExpressionLimitsTests {
  @Test(
    "A chain of 800 terms of any operator evaluates, or is refused with its operator's location",
    arguments: binaryOperators)
  func longChains(_ op: String) {
    onSmallStack {
      let text = chain("flag", op, count: 800)
      do throws(ExpressionError) {
        try bindBooleanBothWays(text) { expectedChain(op, flag: $0, count: 800) }
        #expect(!["<", "<=", ">", ">="].contains(op), "\(op) orders Booleans")
      } catch {
        // `flag < flag` is refused: Booleans are not ordered.
        #expect(["<", "<=", ">", ">="].contains(op), "\(error)")
        #expect(error.kind == .type)
        #expect(error.location.column == 6)
      }
    }
  }

  @Test("A chain of ordering comparisons is refused at its second operator")
  func orderingChains() {
    onSmallStack {
      let text = chain("int", "<", count: 800)
      do throws(ExpressionError) {
        _ = try CompiledExpression(text, data: Sample.self)
        Issue.record("compiled")
      } catch {
        #expect(error.kind == .type)
        #expect(error.location.column == 11)
      }
    }
  }

  @Test("Long mixed chains keep their precedence")
  func mixedChains() throws {
    // flag || (flag && flag) || (int == 3) || …
    let text = Array(repeating: "flag && flag || int == 3", count: 400).joined(separator: " || ")
    let sample = Sample()
    let light = Light()
    try light.bind(\.isOn, to: .expression(sample, text))
    #expect(light.isOn)
    sample.int = 4
    #expect(!light.isOn)
    sample.flag = true
    #expect(light.isOn)
  }

  @Test("An expression of more tokens than the limit is refused at the first token past it", arguments: binaryOperators)
  func tooManyTokens(_ op: String) {
    onSmallStack {
      let text = chain("flag", op, count: 100_000)
      do throws(ExpressionError) {
        _ = try ExpressionParser.parse(text)
        Issue.record("parsed")
      } catch {
        #expect(error.kind == .syntax)
        #expect(error.message == "the expression has more than \(ExpressionParser.maximumTokenCount) tokens")
        // Token 10,000 (from 0) is a term: 5,000 terms and operators before it.
        let column = 1 + (ExpressionParser.maximumTokenCount / 2) * (4 + 2 + op.count)
        #expect(error.location == TextPosition(line: 1, column: column, offset: column - 1))
      }
      let sample = Sample()
      let light = Light()
      #expect(throws: ExpressionError.self) { try light.bind(\.isOn, to: .expression(sample, text)) }
      #expect(light.bindings.isEmpty)
    }
  }

  @Test("A chain just under the token limit binds")
  func chainAtTheLimit() {
    onSmallStack {
      // 4,999 terms and 4,998 operators (and two parentheses when printed).
      let text = chain("flag", "||", count: ExpressionParser.maximumTokenCount / 2 - 1)
      #expect(throws: Never.self) { try bindBooleanBothWays(text) { $0 } }
      let tooLong = chain("flag", "||", count: ExpressionParser.maximumTokenCount / 2 + 1)
      #expect(throws: ExpressionError.self) { try ExpressionParser.parse(tooLong) }
    }
  }

  @Test(
    "Every kind of nesting counts toward the depth limit",
    arguments: [
      ("!", ""), ("-", ""), ("(", ")"), ("[", "]"), ("!(", ")"), ("[-", "]"), ("(!", ")"), ("a { b: ", " }"),
      ("[a { b: ", " }]"),
    ])
  func deepNesting(_ open: String, _ close: String) {
    onSmallStack {
      let text = String(repeating: open, count: 10_000) + "int" + String(repeating: close, count: 10_000)
      do throws(ExpressionError) {
        _ = try ExpressionParser.parse(text)
        Issue.record("parsed")
      } catch {
        #expect(error.kind == .syntax)
        #expect(
          error.message == "the expression nests more than \(ExpressionParser.maximumDepth) levels deep"
            || error.message == "the expression has more than \(ExpressionParser.maximumTokenCount) tokens",
          "\(error)")
      }
    }
  }

  @Test("Lengths of lengths count toward the depth limit")
  func deepLengths() {
    let text = "\"a\"" + String(repeating: ".length", count: 1_000)
    #expect(throws: ExpressionError.self) { try ExpressionParser.parse(text) }
  }

  @Test("The deepest nesting allowed parses, compiles, binds, prints and is released on a small stack")
  func deepestNestingAllowed() {
    onSmallStack {
      let depth = ExpressionParser.maximumDepth - 2
      let nots = String(repeating: "!", count: depth) + "flag"
      #expect(throws: Never.self) { try bindBooleanBothWays(nots) { depth % 2 == 0 ? $0 : !$0 } }
      let parentheses =
        String(repeating: "!(flag || ", count: depth / 2) + "flag" + String(repeating: ")", count: depth / 2)
      #expect(throws: Never.self) {
        try bindBooleanBothWays(parentheses) { flag in
          var value = flag
          for _ in 0..<(depth / 2) { value = !(flag || value) }
          return value
        }
      }
      // The chain of `==` is one more level.
      let negations = String(repeating: "-", count: depth - 1) + "int == " + ((depth - 1) % 2 == 0 ? "3" : "-3")
      #expect(throws: Never.self) { try bindBooleanBothWays(negations) { _ in true } }
      let arrays = String(repeating: "[", count: depth / 2) + "1" + String(repeating: "]", count: depth / 2)
      #expect(throws: Never.self) {
        let parsed = try ExpressionParser.parse(arrays)
        #expect(try ExpressionParser.parse(parsed.primary?.description ?? "") == parsed)
        _ = try CompiledExpression(arrays, data: Sample.self).evaluate(in: ExpressionScope(data: Sample()))
      }
      let attributes =
        "flag" + String(repeating: " { a: flag", count: depth / 2) + String(repeating: " }", count: depth / 2)
      #expect(throws: Never.self) { try ExpressionParser.parse(attributes) }
    }
  }

  @Test(
    "An unknown long key is quoted with at most 40 of its characters, at the key",
    arguments: ["flag && ", "int == 3 || ", "flag && flag."])
  func longUnknownKeysAreQuotedShort(prefix: String) {
    let key = "k" + String(repeating: "x", count: 120)
    let text = prefix + key
    #expect {
      try Light().bind(\.isOn, to: .expression(Sample(), text))
    } throws: { error in
      guard let error = error as? ExpressionError else { return false }
      let quoted = error.message.split(separator: "\"").first { $0.hasPrefix("kxxx") }.map(String.init) ?? ""
      return error.kind == .key && quoted == String(key.prefix(40)) + "…"
        && !error.message.contains(String(key.prefix(41)))
        && error.location.column == prefix.count + 1
    }
  }
}
