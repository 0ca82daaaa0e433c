import Bindery
import BinderyExpressions
import BinderyFormatters
import BinderySpec
import BinderyWeb
import Foundation
import Testing

@KeyValueObservable
private final class Shelf {
  var title = ""
  var count = 0
}

/// Every error about text a user, a file or a page gave, read through `LocatedError` alone.
private func located(_ make: () throws -> Void) -> (any LocatedError)? {
  do {
    try make()
    return nil
  } catch {
    return error as? any LocatedError
  }
}

@Suite("Every error about input says where, the same way")
struct LocatedErrorTests {
  @Test func aStringKeyPathsErrorIsAtTheColumnOfTheKeyAtFault() {
    let error = located { _ = try BindingSource<String>.keyPath(Shelf(), "title.nope") }
    #expect(error is KeyValueCodingError)
    #expect(error?.location == TextPosition(line: 1, column: 7, offset: 6))
    #expect(error?.message.contains("\"nope\"") == true)
  }

  @Test func anExpressionsErrorIsAtItsLineAndColumn() {
    let error = located { _ = try BindingSource<String>.expression(Shelf(), "title ==\n  )") }
    #expect(error is ExpressionError)
    #expect(error?.location == TextPosition(line: 2, column: 3, offset: 11))
    #expect(error?.message.isEmpty == false)
  }

  @Test func aPatternsErrorIsAnExpressionErrorAtItsLineAndColumn() {
    let error = located { _ = try BindingSource<String>.pattern("Title:\n %{value2}@", .keyPath(Shelf(), \.title)) }
    #expect(error is ExpressionError)
    #expect(error?.location == TextPosition(line: 2, column: 2, offset: 8))
    #expect(error?.message == "%{value2}@ has no input (1 given)")
  }

  @Test func aSpecFilesProblemsAreEachAtTheirLineAndColumn() throws {
    let yaml = "bindings:\n- source: self\n  target: [unclosed\n"
    let error = #expect(throws: SpecLoadError.self) {
      try BindingSetDefinition(yaml: yaml, file: "shelf.bindings.yaml")
    }
    let first = try #require(error?.errors.first)
    let asLocated: any LocatedError = first
    #expect(asLocated.location.line == first.line)
    #expect(asLocated.location.column == first.column)
    #expect(asLocated.location.line >= 3)
    #expect(asLocated.message == first.message)
  }

  @Test func typedTextsErrorIsAtTheColumnWhereReadingFailed() {
    let error = located { _ = try TextFormat<Int>.number(locale: Locale(identifier: "en_US")).parse("12x4") }
    #expect(error is TextFormatError)
    #expect(error?.location.column == 3)
    #expect(error?.message == "Enter a whole number, like 1,234", "for the person who typed it")
    #expect(error?.message.contains("column") == false)
    #expect(error?.description.contains("\"12x4\" is not") == true, "for programs and logs")
  }

  @Test func aPagesMessageErrorIsCountedInLinesAndCharactersNotBytes() {
    let error = located { _ = try JSONValue.parse("{\"name\": \"é\",\n \"age\": }") }
    let json = error as? JSONReadError
    #expect(json != nil)
    #expect(error?.location.line == 2)
    #expect(error?.location.column == 9)
    #expect(json?.offset == 23)
    #expect(error?.location.offset == 22)
  }

  @Test func aRefusalOfAWriteIsNotAboutInputAndHasNoLocation() {
    #expect(!((BindingError.notEditable as any Error) is any LocatedError))
  }
}
