import Bindery
import BinderyExpressions
import Testing

/// The primary expression of `text`, with every operation in parentheses.
func shape(_ text: String) throws -> String {
  try ExpressionParser.parse(text).primary?.description ?? ""
}

/// The string constant `text` parses to.
func stringConstant(_ text: String) throws -> String? {
  guard case .string(let value, _) = try ExpressionParser.parse(text).primary else { return nil }
  return value
}

/// Expects `text` not to parse, with `message` at `line`:`column`.
func expectSyntaxError(
  _ text: String,
  _ message: String,
  line: Int = 1,
  column: Int,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    let parsed = try ExpressionParser.parse(text)
    Issue.record("\"\(text)\" parsed as \(parsed.primary?.description ?? "nothing")", sourceLocation: sourceLocation)
  } catch {
    #expect(error.message == message, sourceLocation: sourceLocation)
    #expect(error.location.line == line, sourceLocation: sourceLocation)
    #expect(error.location.column == column, sourceLocation: sourceLocation)
  }
}

typealias SourceLocation = Testing.SourceLocation

@Suite("Expression grammar")
struct ParserTests {
  @Test func keyPathsWithAndWithoutScopes() throws {
    #expect(try shape("person.firstName") == "person.firstName")
    #expect(try shape("$data.person.firstName") == "person.firstName")
    #expect(try shape("$root.isSaving") == "$root.isSaving")
    #expect(try shape("  person . name ") == "person.name")
  }

  @Test func constantsOfEveryKind() throws {
    #expect(try shape("true") == "true")
    #expect(try shape("$false") == "false")
    #expect(try shape("null") == "null")
    #expect(try shape("nil") == "null")
    #expect(try shape("123") == "123")
    #expect(try shape(".5") == "0.5")
    #expect(try shape("1.") == "1.0")
    #expect(try shape("3e-5") == "3e-05")
    #expect(try shape(".3e-5") == "3e-06")
    #expect(try shape("2E+2") == "200.0")
    #expect(try shape(".value") == ".value")
    #expect(try shape("[1, \"a\", $true, [null]]") == "[1, \"a\", true, [null]]")
    #expect(try shape("[]") == "[]")
  }

  @Test func stringEscapes() throws {
    #expect(try stringConstant(#""a\nb\tc""#) == "a\nb\tc")
    #expect(try stringConstant(#"'it\'s'"#) == "it's")
    #expect(try stringConstant(#""q\"\\""#) == "q\"\\")
    #expect(try stringConstant(#""\u{1F600}\u{41}""#) == "😀A")
    #expect(try stringConstant(#""\0""#) == "\0")
  }

  @Test func aPrintedStringConstantReadsBackAsTheSameString() throws {
    for text in ["a\nb\tc", "it's", "q\"\\", "😀A", "\0", "line\r\nbreak", "plain"] {
      let printed = try shape(ExpressionSyntax.stringLiteral(text))
      #expect(try stringConstant(printed) == text)
    }
    #expect(try shape(#""q\"\\""#) == #""q\"\\""#)
  }

  @Test func precedenceFromOrToComparison() throws {
    #expect(try shape("a || b && c") == "(a || (b && c))")
    #expect(try shape("a && b || c") == "((a && b) || c)")
    #expect(try shape("a == b && c != d") == "((a == b) && (c != d))")
    #expect(try shape("a < b == c >= d") == "((a < b) == (c >= d))")
    #expect(try shape("!a && !b") == "(!(a) && !(b))")
    #expect(try shape("!(a || b)") == "!((a || b))")
    #expect(try shape("a || b || c") == "(a || b || c)")
    #expect(try shape("a == b != c === d") == "(a == b != c === d)")
    #expect(try shape("a || b && c || d && e") == "(a || (b && c) || (d && e))")
    #expect(try shape("a < b || c") == "((a < b) || c)")
    #expect(try shape("-x < 3") == "(-(x) < 3)")
    #expect(try shape("!!a") == "!(!(a))")
  }

  @Test func theSeedsShorthandsParse() throws {
    #expect(try shape("person !== null") == "(person !== null)")
    #expect(try shape("person === null") == "(person === null)")
    #expect(try shape("name.length === 0") == "(name.length === 0)")
    #expect(try shape("name.length > 0") == "(name.length > 0)")
    #expect(try shape("!isSaving") == "!(isSaving)")
    #expect(try shape("\"abc\".length") == "(\"abc\").length")
  }

  @Test func attributesNestAndTakeExpressions() throws {
    let parsed = try ExpressionParser.parse(
      "account.balance { formatter: currency, nullPlaceholder: \"—\", enabled: !$root.isSaving, "
        + "style: { size: 12, weight: .bold }, flag }")
    #expect(parsed.primary?.description == "account.balance")
    #expect(parsed.attributes.map(\.name) == ["formatter", "nullPlaceholder", "enabled", "style", "flag"])
    #expect(parsed.attribute(named: "enabled")?.value?.primary?.description == "!($root.isSaving)")
    let style = try #require(parsed.attribute(named: "style")?.value)
    #expect(style.primary == nil)
    #expect(style.attributes.map(\.name) == ["size", "weight"])
    #expect(parsed.attribute(named: "flag")?.value == nil)
    #expect(try ExpressionParser.parse("{ a: 1, }").attributes.count == 1)
    #expect(try ExpressionParser.parse("").primary == nil)
    #expect(try ExpressionParser.parse("[v1 { a: 4 }, v2]").primary?.description == "[v1 {a: 4}, v2]")
  }

  @Test func syntaxErrorsCarryTheirLineAndColumn() {
    expectSyntaxError("person &&", "expected an expression after \"&&\"", column: 10)
    expectSyntaxError("person && \n  || x", "expected an expression after \"&&\"", line: 2, column: 3)
    expectSyntaxError("a = b", "unexpected \"=\"; did you mean \"==\"?", column: 3)
    expectSyntaxError("a & b", "unexpected \"&\"; did you mean \"&&\"?", column: 3)
    expectSyntaxError("(a || b", "expected \")\" to close the \"(\" at 1:1", column: 8)
    expectSyntaxError("\"abc", "this string has no closing \"", column: 1)
    expectSyntaxError(#""a\qb""#, #"unknown escape \q (use \n, \t, \r, \0, \\, \", \' or \u{…})"#, column: 3)
    expectSyntaxError(#""\u{110000}""#, "\\u{…} needs 1 to 8 hexadecimal digits of a Unicode scalar", column: 2)
    expectSyntaxError("person.", "expected a key after \".\"", column: 7)
    expectSyntaxError(
      "$foo.bar && x",
      "unknown name $foo: expected $data, $root, $section, $true, $false, $Type.case, $Type { .option }, a parameter ($value) "
        + "or a structure ($CGPoint, $CGSize, $CGRect, $CGColor, $UIColor, $UIFont)", column: 1)
    expectSyntaxError("$root", "expected \".\" and a key after $root", column: 6)
    expectSyntaxError("a { b: }", "expected a value after \"b:\"", column: 6)
    expectSyntaxError("a { b c }", "expected \",\" or \"}\" after the attribute \"b\"", column: 7)
    expectSyntaxError("a { b: 1", "this \"{\" has no closing \"}\"", column: 3)
    expectSyntaxError("a { b, b }", "the attribute \"b\" is given twice", column: 8)
    expectSyntaxError("[1, 2", "this \"[\" has no closing \"]\"", column: 1)
    expectSyntaxError("a b", "unexpected \"b\" after the expression", column: 3)
    expectSyntaxError("12abc", "a number cannot be followed by \"a\"", column: 3)
    expectSyntaxError(
      "99999999999999999999", "99999999999999999999 is too large for an integer (at most \(Int.max))", column: 1)
    expectSyntaxError("(a).foo", "only .length or .count may follow this expression", column: 4)
    expectSyntaxError("a # b", "unexpected character \"#\"", column: 3)
    expectSyntaxError("!", "expected an expression after \"!\"", column: 2)
    expectSyntaxError("()", "expected an expression after \"(\"", column: 2)
  }

  @Test func deepNestingIsRejectedNotACrash() {
    let deep = String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)
    #expect(throws: ExpressionError.self) { try ExpressionParser.parse(deep) }
    let nots = String(repeating: "!", count: 10_000) + "a"
    #expect(throws: ExpressionError.self) { try ExpressionParser.parse(nots) }
    let arrays = String(repeating: "[", count: 10_000)
    #expect(throws: ExpressionError.self) { try ExpressionParser.parse(arrays) }
    // The binding expression is one level, each parenthesis one more.
    let levels = ExpressionParser.maximumDepth - 1
    let nested = String(repeating: "(", count: levels) + "a" + String(repeating: ")", count: levels)
    #expect(throws: Never.self) { try ExpressionParser.parse(nested) }
    do {
      _ = try ExpressionParser.parse("(" + nested + ")")
      Issue.record("parsed")
    } catch {
      #expect(error.message == "the expression nests more than \(ExpressionParser.maximumDepth) levels deep")
      #expect(error.location.column == levels + 2)
    }
  }

  @Test func aFormattedErrorShowsAroundTheColumnOfALongLine() {
    let text = String(repeating: "a || ", count: 100_000) + "&& b"
    do {
      _ = try ExpressionParser.parse(text)
      Issue.record("parsed")
    } catch {
      let lines = error.formatted.split(separator: "\n").map(String.init)
      #expect(lines.count == 3)
      #expect(lines[1].count <= 90)
      #expect(lines[1].hasPrefix("  …") && lines[1].hasSuffix("…"))
      // The caret is under the token at fault (the first past the token limit).
      let caret = lines[2].count - 1
      #expect(Array(lines[1])[caret] == "a")
      #expect(error.message.count < 100)
    }
    let longName = String(repeating: "x", count: 1_000_000)
    do {
      _ = try ExpressionParser.parse("a " + longName)
      Issue.record("parsed")
    } catch {
      #expect(error.message.count < 100)
      #expect(error.formatted.count < 300)
    }
  }

  @Test func aFormattedErrorShowsTheLineAndACaret() {
    do {
      _ = try ExpressionParser.parse("person &&\n  isSaving ||")
      Issue.record("parsed")
    } catch {
      #expect(error.formatted == "2:14: error: expected an expression after \"||\"\n    isSaving ||\n               ^")
    }
  }
}
