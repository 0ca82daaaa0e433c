import Bindery
import BinderyExpressions
import Foundation
import Testing

/// Styles of text, an option set an expression names by its members.
struct TextStyle: OptionSet, Sendable {
  let rawValue: Int
  static let bold = TextStyle(rawValue: 1)
  static let italic = TextStyle(rawValue: 2)
  static let underlined = TextStyle(rawValue: 4)
}

/// A drawing surface with a property for each structure constant, an option set and an enumeration.
@KeyValueObservable
final class Canvas {
  var origin = CGPoint.zero
  var size = CGSize.zero
  var frame = CGRect.zero
  var color = RGBAColor(red: 0, green: 0, blue: 0)
  var font = FontDescription(name: "Helvetica", size: 12)
  var style: TextStyle = []
  var phase = Phase.idle
  var isOn = false
}

/// Registers the types these tests name (registering again is harmless).
func registerCanvasTypes() {
  ExpressionTypeRegistry.shared.register(
    options: TextStyle.self, members: ["bold": .bold, "italic": .italic, "underlined": .underlined])
  ExpressionTypeRegistry.shared.register(enumeration: Level.self)
  ExpressionTypeRegistry.shared.register(type: Canvas.self, named: "NSNumberFormatter")
}

/// The value of `text` with no data it reads.
func constant(_ text: String) throws -> Any? {
  registerCanvasTypes()
  return try CompiledExpression(text, data: Canvas.self).evaluate(in: ExpressionScope(data: Canvas()))
}

@Suite("Constants of every form")
struct ConstantFormTests {
  @Test func everyExampleOfTheExpressionTableParsesAsWritten() throws {
    let examples: [(text: String, shape: String)] = [
      ("person.name", "person.name"), ("$data.person.name", "person.name"), ("$root.person.name", "$root.person.name"),
      ("$true", "true"), ("$false", "false"), ("123", "123"), ("-4", "-(4)"), (".0", "0.0"), ("1.", "1.0"),
      (".3e-5", "3e-06"), (#""a\nb\tc""#, #""a\nb\tc""#), ("<NSNumberFormatter>", "<NSNumberFormatter>"),
      (".Value", ".Value"), ("$Type.Value", "$Type.Value"), ("{.Value1, .Value2}", "{.Value1, .Value2}"),
      ("$Type{.Value}", "$Type {.Value}"), (#"[ v1{ A1:4 }, v2, $true, "Hey!" ]"#, #"[v1 {A1: 4}, v2, true, "Hey!"]"#),
      ("$CGPoint { x:1, y:2 }", "$CGPoint {x: 1, y: 2}"), ("$CGSize { w:10, h:20 }", "$CGSize {w: 10, h: 20}"),
      ("$CGSize{width:1,h:2}", "$CGSize {w: 1, h: 2}"),
      ("$CGRect { x:1, y:2, w:3, h:4 }", "$CGRect {x: 1, y: 2, w: 3, h: 4}"),
      ("$CGColor { r:255, g:255, b:255, a:255 }", "$CGColor {r: 255, g: 255, b: 255, a: 255}"),
      ("$UIColor { r:255, g:255, b:255, a:255 }", "$UIColor {r: 255, g: 255, b: 255, a: 255}"),
      (#"$UIFont { name:"Courier new", size:15.0 }"#, #"$UIFont {name: "Courier new", size: 15.0}"#),
      ("$enum.Type.Value", "$Type.Value"), ("$options.Type {Value}", "$Type {.Value}"),
      ("$enum.CurrencyStyle", ".CurrencyStyle"),
    ]
    for example in examples {
      #expect(try shape(example.text) == example.shape, "\(example.text)")
    }
  }

  @Test func attributesBesideAStructuresParametersStayAttributes() throws {
    let parsed = try ExpressionParser.parse(#"$CGPoint { x:0, y:0, someAttribute:"value" }"#)
    #expect(parsed.primary?.description == "$CGPoint {x: 0, y: 0}")
    #expect(parsed.attributes.map(\.name) == ["someAttribute"])
    let formatter = try ExpressionParser.parse(
      "account.balance { numberFormatter: { numberStyle: $enum.CurrencyStyle } }")
    #expect(
      formatter.attribute(named: "numberFormatter")?.value?.attribute(named: "numberStyle")?.value?.primary
        == .enumCase("CurrencyStyle", TextPosition(line: 1, column: 1, offset: 0)))
  }

  @Test func printedExpressionsReadBackAsTheSameSyntaxWhereverTheyAreWritten() throws {
    for text in [
      #"$CGPoint { x:0, y:0, someAttribute:"value" }"#, "{.a, updatesContinuously}", "$TextStyle {.bold, flag}",
      "[$CGPoint {x: 1, y: 2, tag: 3}, v2 { A1: 4 }]", "$options.TextStyle { bold, x: $options.TextStyle { italic } }",
    ] {
      let parsed = try ExpressionParser.parse(text)
      #expect(try ExpressionParser.parse(parsed.description) == parsed, "\(text) printed as \(parsed.description)")
    }
    #expect(try ExpressionParser.parse("$CGPoint {x:1, y:2}") == ExpressionParser.parse("$CGPoint { x: 1, y: 2 }"))
  }

  @Test func anOlderOptionSetInsideAnotherKeepsItsMembers() throws {
    let parsed = try ExpressionParser.parse("$options.TextStyle { bold, x: $options.TextStyle { italic } }")
    #expect(parsed.primary?.description == "$TextStyle {.bold}")
    #expect(parsed.attributes.map(\.name) == ["x"])
    #expect(parsed.attribute(named: "x")?.value?.primary?.description == "$TextStyle {.italic}")
  }

  @Test func namesThatCannotBeTypesAreRefusedAfterDollar() {
    expectSyntaxError("$enum.enum.x", "expected a type name after $enum.", column: 7)
    expectSyntaxError("$options.CGPoint {a}", "expected a type name after $options.", column: 10)
    for text in ["$roo.isSaving", "$dat { .a }"] {
      #expect(throws: ExpressionError.self) { try ExpressionParser.parse(text) }
    }
  }

  @Test func anEmptyExpressionParsesToNothing() throws {
    for text in ["", "  ", "{}"] {
      let parsed = try ExpressionParser.parse(text)
      #expect(parsed.primary == nil && parsed.attributes.isEmpty, "\(text)")
    }
  }

  @Test func malformedConstantsAreRefusedWhereTheyGoWrong() {
    expectSyntaxError("$CGSize{width:1,h2}", "$CGSize needs h (or height)", column: 8)
    expectSyntaxError("$CGSize{w:1, width:2, h:3}", "$CGSize takes w or width, not both", column: 14)
    expectSyntaxError("$CGPoint{x, y:1}", "the parameter x of $CGPoint needs a value", column: 10)
    expectSyntaxError("$CGPoint", "expected \"{\" with the parameters of $CGPoint after it", column: 9)
    expectSyntaxError(
      "!$CGPoint{x:1, y:2}", "$CGPoint must be the whole expression, with its values in the \"{ }\" after it", column: 2
    )
    expectSyntaxError("name {.bold}", "an option value (.bold) may follow only $Type or nothing, not name", column: 7)
    expectSyntaxError("{.bold: 1}", "an option value (.bold) takes no value", column: 7)
    expectSyntaxError("<NSNumberFormatter", "this \"<\" has no closing \">\"", column: 1)
    expectSyntaxError("$options.Style", "expected \"{\" with the members of $options.Style after it", column: 15)
    expectSyntaxError(
      "$Oops",
      "unknown name $Oops: expected $data, $root, $section, $true, $false, $Type.case, $Type { .option }, a parameter ($value) "
        + "or a structure ($CGPoint, $CGSize, $CGRect, $CGColor, $UIColor, $UIFont)", column: 1)
  }

  @Test func structureConstantsAreFoundationGeometryAndPortableColoursAndFonts() throws {
    #expect(try constant("$CGPoint { x:1, y:2 }") as? CGPoint == CGPoint(x: 1, y: 2))
    #expect(try constant("$CGSize { width:10, h:-20 }") as? CGSize == CGSize(width: 10, height: -20))
    #expect(try constant("$CGRect { x:1, y:2, w:3, h:4.5 }") as? CGRect == CGRect(x: 1, y: 2, width: 3, height: 4.5))
    #expect(
      try constant("$UIColor { r:255, g:0, b:51 }") as? RGBAColor == RGBAColor(red: 1, green: 0, blue: 0.2, alpha: 1))
    #expect(
      try constant("$CGColor { red:0.5, green:0.25, blue:0, alpha:0.5 }") as? RGBAColor
        == RGBAColor(red: 0.5, green: 0.25, blue: 0, alpha: 0.5))
    #expect(
      try constant(#"$UIFont { name:"Courier new", size:15.0 }"#) as? FontDescription
        == FontDescription(name: "Courier new", size: 15))
  }

  @Test func structureParametersMustBeConstantsInRange() {
    func expectRefused(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(sourceLocation: sourceLocation) { try constant(text) } throws: { error in
        (error as? ExpressionError)?.message == message
      }
    }
    expectRefused("$CGPoint { x: isOn, y: 1 }", "x of $CGPoint must be a number")
    expectRefused("$CGPoint { x: $true, y: 1 }", "x of $CGPoint must be a number")
    expectRefused(
      "$UIColor { r:256, g:0, b:0 }", "r of $UIColor must be an integer from 0 to 255 or a number from 0.0 to 1.0")
    expectRefused(
      "$UIColor { r:1.5, g:0, b:0 }", "r of $UIColor must be an integer from 0 to 255 or a number from 0.0 to 1.0")
    expectRefused("$UIFont { name: 12, size: 12 }", "name of $UIFont must be a string")
    expectRefused(#"$UIFont { name: "Courier", size: 0 }"#, "size of $UIFont must be more than 0")
    expectRefused(
      "<Unregistered>",
      "no type is registered as <Unregistered> (register it with ExpressionTypeRegistry.shared.register(type:))")
  }

  @Test func typedCasesAndOptionsBindToPropertiesOfTheirTypes() throws {
    registerCanvasTypes()
    let canvas = Canvas()
    try canvas.bind(\.style, to: .expression(canvas, "$TextStyle { .bold, .underlined }"))
    #expect(canvas.style == [.bold, .underlined])
    let other = Canvas()
    try other.bind(\.style, to: .expression(other, "{ .italic }"))
    #expect(other.style == .italic)
    let legacy = Canvas()
    try legacy.bind(\.style, to: .expression(legacy, "$options.TextStyle { bold, italic }"))
    #expect(legacy.style == [.bold, .italic])
    // An enumeration bound to a property of its own type needs no registration.
    try canvas.bind(\.phase, to: .expression(canvas, "$Phase.editing"))
    #expect(canvas.phase == .editing)
    try other.bind(\.phase, to: .expression(other, "$enum.Phase.saving"))
    #expect(other.phase == .saving)
    try canvas.bind(\.isOn, to: .expression(canvas, "phase == $Phase.editing"))
    #expect(canvas.isOn)
    #expect(try constant("$Level.high") as? Level == .high)
    #expect(try constant("<NSNumberFormatter>") as? Any.Type == Canvas.self)
    try canvas.bind(\.origin, to: .expression(canvas, "$CGPoint { x: 3, y: 4 }"))
    #expect(canvas.origin == CGPoint(x: 3, y: 4))
  }

  @Test func unknownCasesMembersAndTypesAreRefusedAndBindNothing() {
    registerCanvasTypes()
    let canvas = Canvas()
    func expectRefused(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(sourceLocation: sourceLocation) {
        try canvas.bind(\.style, to: .expression(canvas, text))
      } throws: { error in
        (error as? ExpressionError)?.message == message
      }
    }
    expectRefused(
      "$TextStyle { .bold, .wide }", "TextStyle has no member \"wide\"; its members are bold, italic, underlined")
    expectRefused("{ .wide }", "TextStyle has no member \"wide\"; its members are bold, italic, underlined")
    expectRefused(
      "$Shape { .round }",
      "no option set is registered as $Shape (register it with ExpressionTypeRegistry.shared.register(options:members:))"
    )
    #expect(throws: ExpressionError.self) { try canvas.bind(\.phase, to: .expression(canvas, "$Phase.flying")) }
    #expect(throws: ExpressionError.self) { try canvas.bind(\.phase, to: .expression(canvas, "$Mode.editing")) }
    #expect(throws: ExpressionError.self) { try canvas.bind(\.isOn, to: .expression(canvas, "phase == $Level.high")) }
    #expect(canvas.bindings.isEmpty)
    #expect(canvas.style == [])
  }

  @Test func aBareFlagAttributeSetsItsOptionToTrue() throws {
    let expression = try CompiledExpression("isOn { updatesContinuously }", data: Canvas.self)
    #expect(expression.syntax.attribute(named: "updatesContinuously")?.value == nil)
    let canvas = Canvas()
    let field = Canvas()
    let binding = try field.bind(\.isOn, to: .expression(canvas, "isOn { updatesContinuously }"))
    #expect(binding.options.updatesContinuously)
  }
}
