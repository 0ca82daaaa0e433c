import BinderyWeb
import Testing

@Suite("Reading JSON from pages")
struct JSONReaderTests {
  @Test func everyKindOfValueIsRead() throws {
    let value = try JSONValue.parse(#" {"a":[1,-2.5e3,true,false,null],"b":"x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"} "#)
    #expect(value["a"] == .array([1, .number(-2500), true, false, nil]))
    #expect(value["b"] == .string("x\"\\/\u{8}\u{C}\n\r\té😀"))
  }

  @Test func objectsKeepTheirKeysInOrder() throws {
    let value = try JSONValue.parse(#"{"type":"edit","id":"Name","value":"Ada"}"#)
    #expect(value.serialized == #"{"type":"edit","id":"Name","value":"Ada"}"#)
  }

  @Test func minusZeroStaysMinusZero() throws {
    let value = try JSONValue.parse("[-0]")
    guard case .array(let elements) = value, case .number(let number)? = elements.first else {
      Issue.record("not an array of a number")
      return
    }
    #expect(number == 0 && number.sign == .minus)
  }

  @Test(arguments: [
    "", " ", "{", "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[.5]", "[1e]", "tru", "nul", "\"abc", "[1] x",
    "{\"a\" 1}", "{a:1}", "[\"\\x\"]", "[\"\\ud800\"]", "[\"\\udc00\"]", "[\"a\u{1}\"]", "[1e400]",
    "{\"a\":1,\"a\":2}",
  ])
  func textThatIsNotJSONIsRefusedWithItsOffset(_ text: String) {
    #expect(throws: JSONReadError.self) { try JSONValue.parse(text) }
  }

  @Test func nestingPastTheLimitIsRefusedAtTheFirstByteTooDeep() {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let limits = JSONLimits(maxBytes: .max, maxDepth: 4)
    #expect(throws: JSONReadError(reason: .tooDeep, offset: 4)) { try JSONValue.parse(text, limits: limits) }
    #expect((try? JSONValue.parse("[[[[1]]]]", limits: limits)) != nil)
  }

  @Test func tooManyValuesOrKeysAreRefused() {
    let limits = JSONLimits(maxBytes: .max, maxDepth: 4, maxValues: 10, maxMembers: 3)
    let wide = "[" + Array(repeating: "1", count: 20).joined(separator: ",") + "]"
    #expect(throws: JSONReadError.self) { try JSONValue.parse(wide, limits: limits) }
    #expect(throws: JSONReadError.self) { try JSONValue.parse(#"{"a":1,"b":2,"c":3,"d":4}"#, limits: limits) }
    #expect((try? JSONValue.parse(#"{"a":1,"b":2,"c":3}"#, limits: limits)) != nil)
  }

  @Test func aMessageTooLargeIsRefusedBeforeItIsRead() {
    let text = "\"" + String(repeating: "a", count: 20_000) + "\""
    #expect(throws: JSONReadError(reason: .tooLarge, offset: 0)) {
      try JSONValue.parse(text, limits: .message)
    }
  }

  @Test func aDeeplyNestedMessageIsATypedErrorNamingTheLimit() {
    let text =
      #"{"type":"edit","id":"Name","value":"# + String(repeating: "[", count: 511)
      + String(
        repeating: "]", count: 511) + "}"
    #expect(throws: WebInputError.self) { try ClientMessage.parse(text) }
    do {
      _ = try ClientMessage.parse(text)
    } catch {
      #expect(error.code == .tooDeep)
    }
  }

  @Test func helloCarriesTheTabsNameAndRefusesOddTokens() throws {
    #expect(
      try ClientMessage.parse(#"{"type":"hello","resume":"ab12","tab":"t-1_x"}"#)
        == .hello(resume: "ab12", tab: "t-1_x"))
    #expect(try ClientMessage.parse(#"{"type":"hello"}"#) == .hello(resume: nil, tab: nil))
    #expect(throws: WebInputError.self) { try ClientMessage.parse(#"{"type":"hello","resume":"a b"}"#) }
    #expect(throws: WebInputError.self) { try ClientMessage.parse(#"{"type":"hello","tab":5}"#) }
  }

  @Test func anElementIDWithControlCharactersIsRefused() {
    do {
      _ = try ClientMessage.parse(#"{"type":"action","id":"a\nFAKE LOG\u001b[31m"}"#)
      Issue.record("accepted")
    } catch {
      #expect(error.code == .unknownElement)
      #expect(!error.message.contains("\n"))
      #expect(!error.message.contains("\u{1B}"))
    }
  }

  @Test func logTextEscapesControlCharactersAndClips() {
    #expect(LogText.clip("a\nb\u{1B}[31m\u{9B}c") == "a\\u{A}b\\u{1B}[31m\\u{9B}c")
    #expect(LogText.clip(String(repeating: "x", count: 100), max: 10) == String(repeating: "x", count: 10) + "…")
  }
}
