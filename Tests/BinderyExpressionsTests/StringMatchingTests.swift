import Bindery
import Testing

@testable import BinderyExpressions

/// `string` is "apple" in state A and "pear" in state B; `optionalString` is `nil`, then "pear".
let stringMatchRows: [ComparisonRow] = [
  ComparisonRow(#"string contains "pp""#, true, false),
  ComparisonRow(#"string CONTAINS "ea""#, false, true),
  ComparisonRow(#"string beginswith "ap""#, true, false),
  ComparisonRow(#"string BeginsWith "pe""#, false, true),
  ComparisonRow(#"string endswith "le""#, true, false),
  ComparisonRow(#"string ENDSWITH "ar""#, false, true),
  ComparisonRow("string contains otherString", false, true),
  ComparisonRow(#""pineapple" contains string"#, true, false),
  // The empty string is part of every string, as in Swift.
  ComparisonRow(#"string contains """#, true, true),
  ComparisonRow(#"string beginswith """#, true, true),
  // Characters compare by canonical equivalence: "é" is one character, whichever way it is written.
  ComparisonRow(#""cafe\u{301}" endswith "é""#, true, true),
  ComparisonRow(#""café" contains "e""#, false, false),
  // A nil operand, or a value that is not a string, makes the match false.
  ComparisonRow(#"optionalString contains "ea""#, false, true),
  ComparisonRow(#"string contains optionalString"#, false, true),
  ComparisonRow(#"optionalString like "*""#, false, true),
  ComparisonRow(#"anything contains "0""#, false, false),
  // String matches bind tighter than equality and `&&`, like `<`.
  ComparisonRow(#"string contains "p" && string endswith "e""#, true, false),
  ComparisonRow(#"string contains "pp" == flag"#, false, false),
  ComparisonRow(#"!(string contains "pp")"#, false, true),
]

let likeRows: [ComparisonRow] = [
  ComparisonRow(#"string like "a*e""#, true, false),
  ComparisonRow(#"string like "p??r""#, false, true),
  ComparisonRow(#"string LIKE "p*""#, false, true),
  ComparisonRow(#"string like "*""#, true, true),
  ComparisonRow(#"string like "**p*""#, true, true),
  ComparisonRow(#"string like "ap""#, false, false),
  ComparisonRow(#"string like "?????""#, true, false),
  ComparisonRow("string like otherString", false, true),
  ComparisonRow(#""a*b" like "a\\*b""#, true, true),
  ComparisonRow(#""axb" like "a\\*b""#, false, false),
  ComparisonRow(#""a?b" like "a\\?b""#, true, true),
  ComparisonRow(#"string like[c] "APP*""#, true, false),
]

let matchesRows: [ComparisonRow] = [
  ComparisonRow(#"string matches "[a-z]+e""#, true, false),
  ComparisonRow(#"string MATCHES "pe.r""#, false, true),
  // The whole string, not a part of it.
  ComparisonRow(#"string matches "pp""#, false, false),
  ComparisonRow(#"string matches ".*pp.*""#, true, false),
  ComparisonRow(#"string matches[c] "APPLE|PEAR""#, true, true),
  ComparisonRow(#"string matches "APPLE|PEAR""#, false, false),
  ComparisonRow(#"optionalString matches ".*""#, false, true),
  ComparisonRow(
    "string matches otherString", true, false, setUp: { $0.otherString = "a.*" }, change: { $0.otherString = "(" }),
  ComparisonRow(
    "string matches otherString", false, true, setUp: { $0.otherString = "[" }, change: { $0.otherString = "a.*" }),
  // A pattern longer than 1,000 characters matches nothing.
  ComparisonRow(
    "string matches otherString", false, true,
    setUp: { sample in
      sample.string = String(repeating: "a", count: 1_001)
      sample.otherString = sample.string
    },
    change: { $0.otherString = "a*" }),
]

let foldedRows: [ComparisonRow] = [
  ComparisonRow(#"string contains[c] "PP""#, true, false),
  ComparisonRow(#"string contains "PP""#, false, false),
  ComparisonRow(#"string beginswith[C] "AP""#, true, false),
  ComparisonRow(#"string endswith[c] "AR""#, false, true),
  ComparisonRow(#""Straße" endswith[c] "SSE""#, true, true),
  ComparisonRow(#""ΟΔΟΣ" like[c] "οδος""#, true, true),
  ComparisonRow(#""Café" contains[cd] "CAFE""#, true, true),
  ComparisonRow(#""Café" contains[dc] "CAFE""#, true, true),
  ComparisonRow(#""Café" contains[c] "CAFE""#, false, false),
  ComparisonRow(#""Café" contains[d] "CAFE""#, false, false),
  ComparisonRow(#""Café" contains[d] "Cafe""#, true, true),
  ComparisonRow(#""cafe" contains[d] "café""#, true, true),
  ComparisonRow(#""naïve" like[d] "nai*""#, true, true),
  ComparisonRow(#""naïve" like "nai*""#, false, false),
  ComparisonRow(#""cafe\u{301}" endswith[d] "e""#, true, true),
  ComparisonRow(#""Ệ" like[cd] "e""#, true, true),
  ComparisonRow(#""ǘ" like[d] "u""#, true, true),
  ComparisonRow(#""Ελλάδα" contains[cd] "ΕΛΛΑΔΑ""#, true, true),
  ComparisonRow(#""ёлка" beginswith[d] "ел""#, true, true),
  ComparisonRow(#""résumé" matches[d] "resume""#, true, true),
  ComparisonRow(#""résumé" matches "resume""#, false, false),
  ComparisonRow(#""Dvořák" contains[cd] "DVORAK""#, true, true),
  ComparisonRow(#""Ångström" like[cd] "angstrom""#, true, true),
  ComparisonRow(#""ÀÉÎÕÜÇÑÝ" like[cd] "aeiouc?y""#, true, true),
  // A stroke is not a diacritic mark: "ł" stays "ł", as in Cocoa.
  ComparisonRow(#""København" contains[d] "Kobenhavn""#, false, false),
  ComparisonRow(#""Łódź" contains[d] "Lodz""#, false, false),
  ComparisonRow(#""Łódź" contains[d] "Łodz""#, true, true),
  ComparisonRow(
    #"string contains[cd] "CAFE""#, true, false, setUp: { $0.string = "Un café" }, change: { $0.string = "Une tasse" }),
]

let refusedStringMatches: [RefusedComparison] = [
  RefusedComparison(#"int contains "3""#, "\"contains\" needs a string; int is a Int", column: 1),
  RefusedComparison("string contains 3", "\"contains\" needs a string; 3 is a Int", column: 17),
  RefusedComparison(
    "string beginswith[c] null", "\"beginswith[c]\" needs a string, not null", column: 22),
  RefusedComparison(#"flag like "t*""#, "\"like\" needs a string; flag is a Bool", column: 1),
  RefusedComparison(#"phase endswith "ing""#, "\"endswith\" needs a string; phase is a Phase", column: 1),
  RefusedComparison(
    #"string contains "a" contains "b""#, "\"contains\" needs a string; (string contains \"a\") is a Bool", column: 1),
  RefusedComparison(#"optionalInt matches "1""#, "\"matches\" needs a string; optionalInt is a Int?", column: 1),
  RefusedComparison(
    "string matches \"\(String(repeating: "a", count: 1_001))\"",
    "a regular expression may have at most 1000 characters; this one has 1001", column: 16),
]

@Suite("String matching")
struct StringMatchingTests {
  let comparisons = ComparisonTests()

  @Test(
    "contains, beginswith and endswith match parts of strings, in keywords of any case; nil is no match",
    arguments: stringMatchRows)
  func parts(_ row: ComparisonRow) throws { try comparisons.check(row) }

  @Test("like matches the whole string with * for any characters and ? for one", arguments: likeRows)
  func like(_ row: ComparisonRow) throws { try comparisons.check(row) }

  @Test(
    "matches is a regular expression of the whole string; a pattern read from a key path that is not one matches nothing",
    arguments: matchesRows)
  func matches(_ row: ComparisonRow) throws { try comparisons.check(row) }

  @Test("[c] ignores case, [d] diacritics, [cd] both", arguments: foldedRows)
  func folded(_ row: ComparisonRow) throws { try comparisons.check(row) }

  @Test(
    "A string match of something that is not a string is refused when it is bound, at that operand",
    arguments: refusedStringMatches)
  func refused(_ refused: RefusedComparison) { comparisons.refused(refused) }

  @Test func aConstantPatternThatIsNotARegularExpressionIsRefusedAtThePattern() {
    let sample = Sample()
    let light = Light()
    do {
      try light.bind(\.isOn, to: .expression(sample, #"string matches "(a""#))
      Issue.record("an invalid pattern was bound")
    } catch {
      #expect(error.kind == .type)
      #expect(error.message.hasPrefix(#""(a" is not a regular expression: "#))
      #expect(error.location.column == 16)
    }
    #expect(light.bindings.isEmpty)
  }

  @Test func likeDoesNotBacktrackExponentially() throws {
    let sample = Sample()
    sample.string = String(repeating: "a", count: 10_000)
    let light = Light()
    try light.bind(\.isOn, to: .expression(sample, #"string like "a*a*a*a*a*a*b""#))
    #expect(light.isOn == false)
    sample.string += "b"
    #expect(light.isOn == true)
  }

  @Test func threadsShareTheRegularExpressionOfAPatternReadFromAKeyPath() async {
    let cache = RegexCache(ignoresCase: true)
    await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for round in 0..<50 {
            guard let regex = cache.regex(for: round % 2 == 0 ? "a+" : "(b|A)+"),
              (try? regex.wholeMatch(in: "aaa")) != nil, cache.regex(for: "(") == nil
            else { return false }
          }
          return true
        }
      }
      for await matched in group { #expect(matched) }
    }
  }

  @Test func stringMatchesPrintWithTheirOptions() throws {
    #expect(try shape(#"a CONTAINS[CD] b && c like "x*""#) == #"((a contains[cd] b) && (c like "x*"))"#)
    #expect(try shape("a beginsWith b endswith c") == "(a beginswith b endswith c)")
    #expect(try shape("a matches[d] b == c") == "((a matches[d] b) == c)")
    // A keyword is a key where an operand is expected, and an option list must touch its operator.
    #expect(try shape("contains contains like") == "(contains contains like)")
    #expect(try shape("a contains [c]") == "(a contains [c])")
    // What is printed reads back as the same syntax.
    for text in [#"a CONTAINS[cd] "x" || b like[d] c"#, "a matches[c] b != c", "a contains [c]"] {
      let parsed = try ExpressionParser.parse(text)
      #expect(try ExpressionParser.parse(parsed.description) == parsed, "\(text)")
    }
    #expect(try ExpressionParser.parse("a contains[c] b") != ExpressionParser.parse("a contains b"))
  }

  @Test func badOptionsAreSyntaxErrorsAtTheirLetters() {
    expectSyntaxError(
      "a contains[x] b", "expected c, d or cd between the brackets after \"contains\", found \"x\"", column: 12)
    expectSyntaxError("a like[cc] b", "the option \"c\" is given twice after \"like\"", column: 8)
    expectSyntaxError("a like[] b", "expected c, d or cd between the brackets after \"like\"", column: 8)
    expectSyntaxError("a like[c b", "expected \"]\" after the options", column: 10)
    expectSyntaxError("a like[c", "this \"[\" has no closing \"]\"", column: 7)
    expectSyntaxError("a matches", "expected an expression after \"matches\"", column: 10)
    expectSyntaxError("a endswith[d]", "expected an expression after \"endswith[d]\"", column: 14)
  }
}

@Suite("String matching without folded copies")
struct ASCIIFoldedMatchTests {
  /// Pieces of names: ASCII in both cases, letters with diacritics precomposed and decomposed,
  /// letters that do not fold to ASCII, letters whose case folds to ASCII ("ı", "ſ", "ŉ"), a joiner
  /// and a letter outside the scripts answered, and a carriage return with its line feed.
  private static let pieces = [
    "a", "A", "d", "D", "Ada", "ADA", "é", "É", "e\u{301}", "Å", "ß", "Ø", "ø", "σ", " ", "-", "\r\n", "\r", "z", "1",
    "ı", "İ", "ſ", "ŉ", "ł", "Ж", "ΐ", "\u{200D}", "あ", "K\u{212A}",
  ]

  /// `count` pieces joined.
  private static func name(of count: Int, using generator: inout some RandomNumberGenerator) -> String {
    (0..<count).map { _ in pieces[Int.random(in: pieces.indices, using: &generator)] }.joined()
  }

  @Test func aFoldedMatchAnswersAsFoldingBothStringsWould() {
    var generator = SystemRandomNumberGenerator()
    let kinds: [(ASCIIFoldedMatch.Kind, (String, String) -> Bool)] = [
      (.contains, { $1.isEmpty || $0.contains($1) }), (.beginsWith, { $0.hasPrefix($1) }),
      (.endsWith, { $0.hasSuffix($1) }),
    ]
    let folds = [
      StringFold([.caseInsensitive, .diacriticInsensitive]), StringFold([.caseInsensitive]),
      StringFold([.diacriticInsensitive]), StringFold([]),
    ]
    var answered = 0
    for _ in 0..<3_000 {
      let text = Self.name(of: Int.random(in: 0...6, using: &generator), using: &generator)
      let pattern = Self.name(of: Int.random(in: 0...3, using: &generator), using: &generator)
      for fold in folds {
        let folded = fold.apply(pattern)
        for (kind, match) in kinds {
          guard let fast = ASCIIFoldedMatch.matches(kind, text, pattern: folded, fold: fold) else { continue }
          answered += 1
          #expect(
            fast == match(fold.apply(text), folded), "\(kind) of \(text.debugDescription), \(folded.debugDescription)")
        }
      }
    }
    #expect(answered > 10_000, "the fast path answers most of these")
  }

  @Test func namesWithDiacriticsFoldToTheirLettersAndOthersAreLeftToTheUsualFold() {
    let fold = StringFold([.caseInsensitive, .diacriticInsensitive])
    #expect(ASCIIFoldedMatch.matches(.contains, "Åda Lovelace", pattern: "ada", fold: fold) == true)
    #expect(ASCIIFoldedMatch.matches(.beginsWith, "Dél Curie", pattern: "del", fold: fold) == true)
    #expect(ASCIIFoldedMatch.matches(.endsWith, "Gödel", pattern: "odel", fold: fold) == true)
    #expect(ASCIIFoldedMatch.matches(.endsWith, "Gödel", pattern: "ode", fold: fold) == false)
    #expect(ASCIIFoldedMatch.matches(.contains, "Straße", pattern: "ss", fold: fold) == nil)
    #expect(ASCIIFoldedMatch.matches(.contains, "Ada", pattern: "σ", fold: fold) == nil)
  }

  @Test func lettersThatFoldToNoASCIIAreAnsweredAndNeverMatchAnASCIIPattern() {
    let fold = StringFold([.caseInsensitive, .diacriticInsensitive])
    #expect(ASCIIFoldedMatch.matches(.contains, "Hans Christian Ørsted", pattern: "rsted", fold: fold) == true)
    #expect(ASCIIFoldedMatch.matches(.contains, "Ørsted", pattern: "orsted", fold: fold) == false)
    #expect(ASCIIFoldedMatch.matches(.beginsWith, "Łukasz", pattern: "ukasz", fold: fold) == false)
    #expect(ASCIIFoldedMatch.matches(.endsWith, "Пётр Ada", pattern: "ada", fold: fold) == true)
    // "ı" folds its case to "i": left to the usual fold.
    #expect(ASCIIFoldedMatch.matches(.contains, "Işık", pattern: "is", fold: fold) == nil)
  }
}

@Suite("Search templates tested without a scope")
struct BoundTestTests {
  /// Values of `string` and `optionalString`, and the texts typed into a search field.
  private static let values: [String?] = [
    nil, "", "apple", "Åpple Pie", "PEAR", "Ørsted", "Straße", "e\u{301}clair", "ı",
  ]
  private static let texts = ["", "a", "ap", "APP", "pie", "rs", "ss", "e", "é", "i", "*e", "?pp*"]

  @Test(
    "A search template made ready for a text answers as evaluating it for each object does",
    arguments: [
      "string contains[cd] $value", "optionalString contains[c] $value", "string beginswith[d] $value",
      "optionalString endswith $value", "string like[cd] $value", "string contains[cd] \"pp\"",
      "string contains[cd] $value || optionalString beginswith[cd] $value",
      "string contains $value && optionalString contains[cd] $value",
    ])
  func boundTestsAgreeWithEvaluation(_ expression: String) throws {
    let compiled = try CompiledExpression(expression, data: Sample.self, parameters: ["value": String.self])
    let sample = Sample()
    var checked = 0
    for text in Self.texts {
      let parameters = try compiled.parameters(["value": text])
      let test = try #require(compiled.boundTest(parameters: parameters), "\(expression) has a bound test")
      for string in Self.values {
        for optional in Self.values {
          sample.string = string ?? ""
          sample.optionalString = optional
          let evaluated = compiled.evaluate(in: ExpressionScope(data: sample, parameters: parameters)) as? Bool
          #expect(test(sample) == evaluated, "\(expression) with \(text.debugDescription) of \(sample.string)")
          checked += 1
        }
      }
    }
    #expect(checked == Self.texts.count * Self.values.count * Self.values.count)
  }

  @Test("A template reading another object, a regular expression or a number has no bound test")
  func otherFormsAreEvaluatedInAScope() throws {
    for expression in ["string matches $value", "string contains[c] $value && int > 2", "!(string contains $value)"] {
      let compiled = try CompiledExpression(expression, data: Sample.self, parameters: ["value": String.self])
      #expect(compiled.boundTest(parameters: try compiled.parameters(["value": "a"])) == nil, "\(expression)")
    }
  }
}
