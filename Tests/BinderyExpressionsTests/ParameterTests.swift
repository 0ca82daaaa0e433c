import Bindery
import BinderyExpressions
import Testing

@Suite("Parameters ($value)")
struct ParameterTests {
  /// Whether `text`, with `$value` a string given as `value`, is true of a `Sample` (string "apple").
  func evaluate(_ text: String, value: String?, on sample: Sample = Sample()) throws -> Bool? {
    let compiled = try CompiledExpression(text, data: Sample.self, parameters: ["value": String.self])
    let parameters = try compiled.parameters(value.map { ["value": $0] } ?? [:])
    return compiled.evaluate(in: ExpressionScope(data: sample, parameters: parameters)) as? Bool
  }

  @Test("$value parses as a parameter, and reads back as written")
  func parsing() throws {
    #expect(try shape("name contains[cd] $value") == "(name contains[cd] $value)")
    #expect(try shape("$value") == "$value")
    expectSyntaxError(
      "$value.length",
      "unknown name $value: expected $data, $root, $section, $true, $false, $Type.case, $Type { .option }, a parameter ($value) "
        + "or a structure ($CGPoint, $CGSize, $CGRect, $CGColor, $UIColor, $UIFont)", column: 1)
  }

  @Test("each string match takes the parameter's value, folded and made a pattern once per value")
  func matching() throws {
    #expect(try evaluate("string contains $value", value: "ppl") == true)
    #expect(try evaluate("string contains[c] $value", value: "PPL") == true)
    #expect(try evaluate("string contains $value", value: "PPL") == false)
    #expect(try evaluate("string beginswith[cd] $value", value: "ÁP") == true)
    #expect(try evaluate("string endswith $value", value: "le") == true)
    #expect(try evaluate("string like $value", value: "a*e") == true)
    #expect(try evaluate("string like[c] $value", value: "?P*") == true)
    #expect(try evaluate("string matches $value", value: "a.*e") == true)
    #expect(try evaluate("string matches $value", value: "(") == false)
    #expect(try evaluate("$value == string", value: "apple") == true)
    // A value not given is nil: a match with it is false.
    #expect(try evaluate("string contains $value", value: nil) == false)
  }

  @Test("a value is a value: quotes, $ and expression text in it are characters")
  func valuesAreNeverParsed() throws {
    let sample = Sample()
    sample.string = #"it's "$value" || true"#
    #expect(try evaluate("string contains $value", value: "'s \"$v", on: sample) == true)
    #expect(try evaluate("string contains $value", value: "\" || true || \"", on: Sample()) == false)
  }

  @Test("an unknown parameter, or one where none is declared, is a located error")
  func unknownParameters() {
    let unknown = #expect(throws: ExpressionError.self) {
      try CompiledExpression("string contains $valeu", data: Sample.self, parameters: ["value": String.self])
    }
    #expect(unknown?.message == "unknown parameter $valeu: its parameters are $value")
    #expect(unknown?.location.column == 17)
    #expect(unknown?.kind == .key)
    let none = #expect(throws: ExpressionError.self) {
      try CompiledExpression("string contains $value", data: Sample.self)
    }
    #expect(none?.message == "unknown parameter $value: this expression has no parameters")
    let typed = #expect(throws: ExpressionError.self) {
      try CompiledExpression("int < $value", data: Sample.self, parameters: ["value": String.self])
    }
    #expect(typed?.kind == .type)
  }

  @Test("values of another type, or for a name that is no parameter, are refused")
  func wrongValues() throws {
    let compiled = try CompiledExpression(
      "string contains $value", data: Sample.self, parameters: ["value": String.self])
    #expect(compiled.parameterNames == ["value"])
    #expect(throws: ExpressionError.self) { try compiled.parameters(["value": 3]) }
    #expect(throws: ExpressionError.self) { try compiled.parameters(["other": "x"]) }
  }

  @Test("the cache tells an expression with parameters from the same text without")
  func cacheKeepsParametersApart() throws {
    #expect(throws: ExpressionError.self) { try CompiledExpression.cached("string contains $value", data: Sample.self) }
    let compiled = try CompiledExpression.cached(
      "string contains $value", data: Sample.self, parameters: ["value": String.self])
    #expect(compiled.parameterNames == ["value"])
  }
}
