import Bindery
import BinderyExpressions
import Testing

/// A comparison bound to a Boolean property, its value in state A and in state B of ``Sample``.
struct ComparisonRow: CustomTestStringConvertible, Sendable {
  let text: String
  let inA: Bool
  let inB: Bool
  /// Run on a fresh sample before binding (state A by default).
  let setUp: @Sendable (Sample) -> Void
  /// Run after binding (state B by default).
  let change: @Sendable (Sample) -> Void

  init(
    _ text: String,
    _ inA: Bool,
    _ inB: Bool,
    setUp: @escaping @Sendable (Sample) -> Void = { _ in },
    change: @escaping @Sendable (Sample) -> Void = { $0.moveToB() }
  ) {
    self.text = text
    self.inA = inA
    self.inB = inB
    self.setUp = setUp
    self.change = change
  }

  var testDescription: String { text }
}

/// A comparison the language refuses when it is bound.
struct RefusedComparison: CustomTestStringConvertible, Sendable {
  let text: String
  let message: String
  let column: Int

  init(_ text: String, _ message: String, column: Int) {
    self.text = text
    self.message = message
    self.column = column
  }

  var testDescription: String { text }
}

/// What Swift says of `a op b` for two numbers.
func expected(_ op: String, _ a: Double, _ b: Double) -> Bool {
  switch op {
  case "==", "===": a == b
  case "!=", "!==": a != b
  case "<": a < b
  case "<=": a <= b
  case ">": a > b
  default: a >= b
  }
}

let comparisonOperators = ["==", "!=", "===", "!==", "<", "<=", ">", ">="]
let numberProperties = [
  "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "double", "float",
]

/// Every numeric property (3 in state A, 5 in state B) against integer and double constants on
/// either side and against properties of other numeric types (4).
let numberRows: [ComparisonRow] = numberProperties.flatMap { property in
  comparisonOperators.flatMap { op in
    [
      ComparisonRow("\(property) \(op) 5", expected(op, 3, 5), expected(op, 5, 5)),
      ComparisonRow("5 \(op) \(property)", expected(op, 5, 3), expected(op, 5, 5)),
      ComparisonRow("\(property) \(op) 4.5", expected(op, 3, 4.5), expected(op, 5, 4.5)),
      ComparisonRow("\(property) \(op) intLimit", expected(op, 3, 4), expected(op, 5, 4)),
      ComparisonRow("\(property) \(op) doubleLimit", expected(op, 3, 4), expected(op, 5, 4)),
      ComparisonRow("floatLimit \(op) \(property)", expected(op, 4, 3), expected(op, 4, 5)),
      ComparisonRow("-\(property) \(op) -4", expected(op, -3, -4), expected(op, -5, -4)),
    ]
  }
}.filter { !($0.text.hasPrefix("-uint")) }

let exactNumberRows: [ComparisonRow] = [
  // Integers compare exactly, not through Double.
  ComparisonRow(
    "int64 == 9007199254740992", false, true, setUp: { $0.int64 = 9_007_199_254_740_993 },
    change: { $0.int64 = 9_007_199_254_740_992 }),
  ComparisonRow("int < 9223372036854775807", true, false, setUp: { $0.int = .max - 1 }, change: { $0.int = .max }),
  ComparisonRow("int == 9223372036854775807", false, true, setUp: { $0.int = .max - 1 }, change: { $0.int = .max }),
  ComparisonRow(
    "uint64 > otherUInt64", true, false,
    setUp: { sample in
      sample.uint64 = .max
      sample.otherUInt64 = .max - 1
    }, change: { $0.otherUInt64 = .max }),
  ComparisonRow(
    "uint64 == otherUInt64", false, true,
    setUp: { sample in
      sample.uint64 = .max
      sample.otherUInt64 = .max - 1
    }, change: { $0.otherUInt64 = .max }),
  // Integers against doubles compare exactly too.
  ComparisonRow(
    "int64 == 9007199254740992.0", false, true, setUp: { $0.int64 = 9_007_199_254_740_993 },
    change: { $0.int64 = 9_007_199_254_740_992 }),
  ComparisonRow("uint64 < 18446744073709551616.0", true, true, setUp: { $0.uint64 = .max }),
  ComparisonRow("int < 9223372036854775808.0", true, true, setUp: { $0.int = .max }),
  ComparisonRow("int >= -9223372036854775808.0", true, true, setUp: { $0.int = .min }),
  // A constant takes the type of the Float it is compared with, as in Swift.
  ComparisonRow("float == 0.1", true, false, setUp: { $0.float = 0.1 }, change: { $0.float = 0.2 }),
  ComparisonRow("0.1 == float", true, false, setUp: { $0.float = 0.1 }, change: { $0.float = 0.2 }),
  ComparisonRow("float <= 0.1", true, false, setUp: { $0.float = 0.1 }, change: { $0.float = 0.2 }),
  ComparisonRow("float == -0.1", true, false, setUp: { $0.float = -0.1 }, change: { $0.float = 0.1 }),
  ComparisonRow("float == 16777217", true, false, setUp: { $0.float = 16_777_216 }),
  // Two properties compare exactly.
  ComparisonRow(
    "float == double", false, true,
    setUp: { sample in
      sample.float = 0.1
      sample.double = 0.1
    },
    change: { $0.double = Double(Float(0.1)) }),
  // NaN is unordered and unequal to everything.
  ComparisonRow("double > 1", false, true, setUp: { $0.double = .nan }, change: { $0.double = 2 }),
  ComparisonRow("double < 1", false, true, setUp: { $0.double = .nan }, change: { $0.double = 0 }),
  ComparisonRow("double == double", false, true, setUp: { $0.double = .nan }, change: { $0.double = 0 }),
  ComparisonRow("double != double", true, false, setUp: { $0.double = .nan }, change: { $0.double = 0 }),
  ComparisonRow("float >= doubleLimit", false, true, setUp: { $0.float = .nan }, change: { $0.float = 4 }),
  ComparisonRow("int == double", false, true, setUp: { $0.double = .nan }, change: { $0.double = 3 }),
  // The negation of the smallest integer is the largest.
  ComparisonRow("-int == 9223372036854775807", true, false, setUp: { $0.int = .min }, change: { $0.int = 0 }),
  ComparisonRow("-int8 == 127", true, false, setUp: { $0.int8 = .min }, change: { $0.int8 = 0 }),
]

let stringRows: [ComparisonRow] = [
  ComparisonRow(#"string == "pear""#, false, true),
  ComparisonRow(#"string != "pear""#, true, false),
  ComparisonRow(#"string === "pear""#, false, true),
  ComparisonRow(#"string !== "pear""#, true, false),
  ComparisonRow(#"string < "banana""#, true, false),
  ComparisonRow(#"string <= "apple""#, true, false),
  ComparisonRow(#"string > "apple""#, false, true),
  ComparisonRow(#"string >= "pear""#, false, true),
  ComparisonRow(#""pear" == string"#, false, true),
  ComparisonRow(#""banana" > string"#, true, false),
  ComparisonRow("string == otherString", false, true),
  ComparisonRow("string < otherString", true, false),
  ComparisonRow(#""é" == "e\u{301}""#, true, true),
  ComparisonRow("string.length == 4", false, true),
]

let booleanRows: [ComparisonRow] = [
  ComparisonRow("flag == true", false, true),
  ComparisonRow("flag != true", true, false),
  ComparisonRow("flag === true", false, true),
  ComparisonRow("flag !== false", false, true),
  ComparisonRow("true == flag", false, true),
  ComparisonRow("flag == otherFlag", false, true),
  ComparisonRow("flag != otherFlag", true, false),
  ComparisonRow("(int < 4) == flag", false, false),
  ComparisonRow("(int > 4) == flag", true, true),
]

let optionalRows: [ComparisonRow] = [
  ComparisonRow("optionalInt == 5", false, true),
  ComparisonRow("optionalInt != 5", true, false),
  ComparisonRow("optionalInt === 5", false, true),
  ComparisonRow("optionalInt !== 5", true, false),
  ComparisonRow("optionalInt == null", true, false),
  ComparisonRow("optionalInt === nil", true, false),
  ComparisonRow("optionalInt != null", false, true),
  ComparisonRow("optionalInt !== null", false, true),
  ComparisonRow("null == optionalInt", true, false),
  ComparisonRow("optionalInt < 6", false, true),
  ComparisonRow("optionalInt <= 5", false, true),
  ComparisonRow("optionalInt > 100", false, false),
  ComparisonRow("optionalInt >= 5", false, true),
  ComparisonRow("optionalInt == int", false, true),
  ComparisonRow("optionalDouble == 5", false, true),
  ComparisonRow("optionalDouble > 4.5", false, true),
  ComparisonRow("optionalDouble == optionalInt", true, true),
  ComparisonRow(#"optionalString == "pear""#, false, true),
  ComparisonRow(#"optionalString < "z""#, false, true),
  ComparisonRow("optionalString == null", true, false),
  ComparisonRow("optionalFlag == true", false, true),
  ComparisonRow("optionalFlag == false", false, false),
  ComparisonRow("optionalFlag != false", true, true),
  ComparisonRow("optionalFlag == null", true, false),
  ComparisonRow("optionalPhase == .editing", false, true),
  ComparisonRow("optionalPhase != .editing", true, false),
  ComparisonRow("optionalPhase == null", true, false),
  ComparisonRow("child.phase == .editing", false, true),
  ComparisonRow("child.phase != .editing", true, false),
  ComparisonRow("child.int >= 3", false, true),
]

let enumerationRows: [ComparisonRow] = [
  ComparisonRow("phase == .editing", false, true),
  ComparisonRow("phase != .editing", true, false),
  ComparisonRow("phase === .editing", false, true),
  ComparisonRow("phase !== .idle", false, true),
  ComparisonRow(".editing == phase", false, true),
  ComparisonRow(".idle != phase", false, true),
  ComparisonRow("phase == otherPhase", false, true),
  ComparisonRow("phase == .idle || phase == .saving", true, false),
  // By the case's name, not its raw value.
  ComparisonRow("status == .editing", false, true),
  ComparisonRow("status != .idle", false, true),
  ComparisonRow("priority == .high", false, true),
  ComparisonRow("priority === .low", true, false),
  // Ordered cases of a Comparable enumeration.
  ComparisonRow("level < .high", true, false),
  ComparisonRow("level <= .low", true, false),
  ComparisonRow("level > .low", false, true),
  ComparisonRow("level >= .middle", false, true),
  ComparisonRow(".middle < level", false, true),
]

let nullAndObjectRows: [ComparisonRow] = [
  ComparisonRow("null == null", true, true),
  ComparisonRow("null != nil", false, false),
  ComparisonRow("null === null", true, true),
  ComparisonRow("null !== null", false, false),
  // Objects that are not Equatable compare by identity with == as with ===.
  ComparisonRow("object === first", true, false),
  ComparisonRow("object !== first", false, true),
  ComparisonRow("object == first", true, false),
  ComparisonRow("object != first", false, true),
  ComparisonRow("first === object", true, false),
  ComparisonRow("object === null", false, false),
  ComparisonRow("optionalObject === null", true, false),
  ComparisonRow("optionalObject == null", true, false),
  ComparisonRow("optionalObject !== nil", false, true),
  // Equatable objects compare by value with ==, by identity with ===.
  ComparisonRow("tag == otherTag", true, false),
  ComparisonRow("tag != otherTag", false, true),
  ComparisonRow("tag === otherTag", false, false),
  ComparisonRow("tag === tag", true, true),
  // Equatable collections.
  ComparisonRow("tags == otherTags", true, false),
  ComparisonRow("tags != otherTags", false, true),
]

let refusedComparisons: [RefusedComparison] = [
  RefusedComparison(
    "phase == .editng", "Phase has no case \"editng\"; its cases are idle, editing, saving", column: 10),
  RefusedComparison("status == .EDITING", "Status has no case \"EDITING\"; its cases are idle, editing", column: 11),
  RefusedComparison(
    "direction == .up",
    "direction (a Direction) cannot be compared with a case: Direction is not CaseIterable, so its cases cannot be named",
    column: 11),
  RefusedComparison(
    "progress == .waiting",
    "progress (a Progress) cannot be compared with a case: Progress is not CaseIterable, so its cases cannot be named",
    column: 10),
  RefusedComparison(
    "shade == .dark",
    "shade (a Shade) cannot be compared with a case: Shade is CustomStringConvertible, so its cases' names cannot be read",
    column: 7),
  RefusedComparison(
    "string == .idle",
    "string (a String) cannot be compared with a case: String is not an enumeration", column: 8),
  RefusedComparison(".idle == .idle", "cannot compare two case names: neither has a type", column: 7),
  RefusedComparison(
    ".idle == null", "cannot compare .idle with null: a case name needs a value of an enumeration type", column: 7),
  RefusedComparison(
    "anything == .idle",
    "anything (a Any) cannot be compared with a case: its type is known only when it is read", column: 10),
  RefusedComparison("phase < .editing", "\"<\" cannot order Phase values: Phase is not Comparable", column: 7),
  RefusedComparison("priority >= .low", "\">=\" cannot order Priority values: Priority is not Comparable", column: 10),
  RefusedComparison("phase == 1", "cannot compare phase (a Phase) with 1 (a Int)", column: 7),
  RefusedComparison(#"status == "IDLE""#, "cannot compare status (a Status) with \"IDLE\" (a String)", column: 8),
  RefusedComparison("priority == 2", "cannot compare priority (a Priority) with 2 (a Int)", column: 10),
  RefusedComparison("string == 3", "cannot compare string (a String) with 3 (a Int)", column: 8),
  RefusedComparison(#"int == "3""#, "cannot compare int (a Int) with \"3\" (a String)", column: 5),
  RefusedComparison("flag == 1", "cannot compare flag (a Bool) with 1 (a Int)", column: 6),
  RefusedComparison(
    "flag < true", "\"<\" cannot order Bool values: Bool is not Comparable", column: 6),
  RefusedComparison(
    #"int < "3""#, "\"<\" compares two numbers or two strings, not a Int and a String",
    column: 5),
  RefusedComparison(
    "null < 1", "\"<\" compares two numbers or two strings, not a null and a Int", column: 6),
  RefusedComparison(
    "object < first", "\"<\" cannot order Thing values: Thing is not Comparable", column: 8),
  RefusedComparison("int8 == 300", "300 does not fit in int8, a Int8", column: 9),
  RefusedComparison("uint8 < -1", "-1 does not fit in uint8, a UInt8", column: 9),
  RefusedComparison("float == 1e300", "1e+300 does not fit in float, a Float", column: 10),
  RefusedComparison("-uint8 < 1", "\"-\" needs a signed number; uint8 is a UInt8", column: 1),
  RefusedComparison("point == point", "cannot compare point with point: Point is not Equatable", column: 7),
  RefusedComparison("[1] == [1]", "cannot compare [1] with [1]: Array<Optional<Any>> is not Equatable", column: 5),
  RefusedComparison(
    "int < 1 < 2", "\"<\" compares two numbers or two strings, not a Bool and a Int", column: 9),
]

@Suite("Comparisons")
struct ComparisonTests {
  /// Binds `row.text` to a light on a sample in state A, then moves the sample to state B.
  func check(_ row: ComparisonRow) throws {
    let sample = Sample()
    row.setUp(sample)
    let light = Light()
    light.isOn = !row.inA
    try light.bind(\.isOn, to: .expression(sample, row.text))
    #expect(light.isOn == row.inA, "\(row.text) before the change")
    row.change(sample)
    #expect(light.isOn == row.inB, "\(row.text) after the change")
  }

  @Test("Numbers of every type compare by value, with constants and with each other", arguments: numberRows)
  func numbers(_ row: ComparisonRow) throws { try check(row) }

  @Test(
    "Integers compare exactly with integers and doubles; a constant takes a Float's precision; NaN is unordered",
    arguments: exactNumberRows)
  func exactNumbers(_ row: ComparisonRow) throws { try check(row) }

  @Test("Strings compare by value and order", arguments: stringRows)
  func strings(_ row: ComparisonRow) throws { try check(row) }

  @Test("Booleans compare by value", arguments: booleanRows)
  func booleans(_ row: ComparisonRow) throws { try check(row) }

  @Test("nil equals only null and orders with nothing", arguments: optionalRows)
  func optionals(_ row: ComparisonRow) throws { try check(row) }

  @Test("An enumeration compares with a case by the case's name", arguments: enumerationRows)
  func enumerations(_ row: ComparisonRow) throws { try check(row) }

  @Test("null equals null; objects compare by identity unless they are Equatable", arguments: nullAndObjectRows)
  func nullAndObjects(_ row: ComparisonRow) throws { try check(row) }

  @Test(
    "A comparison that cannot mean anything is refused when it is bound, at its operator or case",
    arguments: refusedComparisons)
  func refused(_ refused: RefusedComparison) {
    let sample = Sample()
    let light = Light()
    do {
      try light.bind(\.isOn, to: .expression(sample, refused.text))
      Issue.record("\"\(refused.text)\" was bound")
    } catch {
      #expect(error.kind == .type)
      #expect(error.message == refused.message)
      #expect(error.location.column == refused.column)
    }
    #expect(light.bindings.isEmpty)
  }

  @Test("A case name binds to an enumeration property by name, and an unknown name is refused")
  func caseNamesBindToEnumerationProperties() throws {
    let sample = Sample()
    let light = Light()
    try light.bind(\.phase, to: .expression(sample, ".saving"))
    #expect(light.phase == .saving)
    try light.bind(\.optionalPhase, to: .expression(sample, ".editing"))
    #expect(light.optionalPhase == .editing)
    let other = Light()
    #expect(throws: ExpressionError.self) { try other.bind(\.phase, to: .expression(sample, ".savng")) }
    #expect(throws: ExpressionError.self) { try other.bind(\.isOn, to: .expression(sample, ".saving")) }
    #expect(other.bindings.isEmpty)
    #expect(other.phase == .idle)
  }

  @Test("A case name is a placeholder of an enumeration property")
  func caseNamesArePlaceholders() throws {
    let sample = Sample()
    let light = Light()
    try light.bind(\.phase, to: .expression(sample, "optionalPhase { nullPlaceholder: .saving }"))
    #expect(light.phase == .saving)
    sample.optionalPhase = .editing
    #expect(light.phase == .editing)
  }

  @Test("A value whose type is known only when it is read shows what the property held when it does not fit")
  func valuesOfUnknownTypeThatDoNotFit() throws {
    let registry = BindingTransformerRegistry()
    registry.register(AnyBindingTransformer(name: "Passing", forward: { $0 }, reverse: { $0 }))
    let sample = Sample()
    let light = Light()
    light.level = 7
    try light.bind(\.level, to: .expression(sample, "int8 { transformer: Passing }", transformers: registry))
    #expect(light.level == 3)
    let other = Light()
    other.level = 7
    try other.bind(\.level, to: .expression(sample, "int { transformer: Passing }", transformers: registry))
    #expect(other.level == 7)  // an Int is not an Int8: what the property held when it was bound
  }
}
