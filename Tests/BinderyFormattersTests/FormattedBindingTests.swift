import Bindery
import BinderyControls
import BinderyFormatters
import Foundation
import Testing

@KeyValueObservable
final class Employee {
  var age = 36
  var salary = 1234.5
  var bonus: Double?
}

/// Counts the conversion failures a delegate is told about.
final class FailureCounter: BindingDelegate {
  var conversionFailures: [String] = []

  func binding(_ binding: PropertyBinding, conversionFailed error: any Error, for targetValue: Any) {
    conversionFailures.append("\(error)")
  }
}

@Suite("Formatted bindings")
struct FormattedBindingTests {
  @Test(arguments: [english, german, french])
  func anAgeFieldShowsTheNumberAndWritesBackWhatTheUserTypes(locale: Locale) {
    let employee = Employee()
    let field = HeadlessTextField()
    field.bind(\.text, to: .keyPath(employee, \.age, converted: TextFormat<Int>.number(locale: locale)))
    #expect(field.text == "36")
    field.userDidEdit(text: "41")
    #expect(employee.age == 41)
    employee.age = 1200
    #expect(plain(field.text) == plain(TextFormat<Int>.number(locale: locale).transform(1200)))
  }

  @Test func textThatDoesNotParseIsShownAsAnErrorAndTheModelKeepsItsValue() throws {
    let employee = Employee()
    let field = HeadlessTextField()
    let delegate = FailureCounter()
    field.bind(\.text, to: .keyPath(employee, \.age, converted: TextFormat<Int>.number(locale: english))).delegate =
      delegate
    field.userDidEdit(text: "4l")
    #expect(employee.age == 36)
    #expect(field.text == "4l")  // the user's text stays, to be corrected
    let error = try #require(field.validationError)
    guard case .conversionFailed(let underlying) = error else {
      Issue.record("expected a conversion failure, got \(error)")
      return
    }
    let expected = TextFormatError(text: "4l", expected: "a whole number", example: "1,234", column: 2)
    #expect(underlying as? TextFormatError == expected)
    #expect(delegate.conversionFailures == ["\"4l\" is not a whole number (at column 2; like \"1,234\")"])
    field.userDidEdit(text: "41")
    #expect(employee.age == 41)
    #expect(field.validationError == nil)
  }

  @Test func theDisplayFormIsReplacedByTheEditingFormWhileTheUserEdits() {
    let employee = Employee()
    let field = HeadlessTextField()
    field.bind(
      \.text,
      to: .keyPath(
        employee, \.salary, converted: TextFormat<Double>.currency(code: "EUR", locale: german),
        editing: TextFormat<Double>.number(locale: german, fractionDigits: 0...2))
    )
    #expect(plain(field.text) == "1.234,50 €")
    field.userDidBeginEditing()
    #expect(field.text == "1.234,5")
    field.userDidEdit(text: "2000")
    #expect(employee.salary == 2000)
    #expect(field.text == "2000")  // not reformatted under the user's fingers
    field.userDidEndEditing()
    #expect(plain(field.text) == "2.000,00 €")
  }

  @Test func displayFormTextIsReadBackWhenTheControlDoesNotReportEditing() {
    let employee = Employee()
    let field = HeadlessTextField()
    field.bind(
      \.text,
      to: .keyPath(
        employee, \.salary, converted: TextFormat<Double>.currency(code: "EUR", locale: english),
        editing: TextFormat<Double>.number(locale: english))
    )
    field.userDidEdit(text: "€99.50")
    #expect(employee.salary == 99.5)
    field.userDidEdit(text: "12")
    #expect(employee.salary == 12)
  }

  @Test func badTextAtTheEndOfEditingKeepsTheUsersTextAndTheError() {
    let employee = Employee()
    let field = HeadlessTextField()
    field.bind(
      \.text,
      to: .keyPath(
        employee, \.salary, converted: TextFormat<Double>.currency(code: "EUR", locale: english),
        editing: TextFormat<Double>.number(locale: english))
    )
    field.userDidBeginEditing()
    field.userDidEdit(text: "12x")
    field.userDidEndEditing()
    #expect(employee.salary == 1234.5)
    #expect(field.text == "12x")
    #expect(field.validationError != nil)
  }

  @Test func anOnCommitFormattedBindingReportsTheParseErrorFromCommit() {
    let employee = Employee()
    let field = HeadlessTextField()
    let binding = field.bind(
      \.text, to: .keyPath(employee, \.age, converted: TextFormat<Int>.number(locale: french)),
      options: BindingOptions(updatesContinuously: false)
    )
    field.userDidEdit(text: "3 000")
    #expect(employee.age == 36)
    #expect(throws: BindingError.self) {
      field.userDidEdit(text: "trois")
      try binding.commitEditing()
    }
    #expect(binding.hasPendingEdit)
    field.userDidEdit(text: "3 000")
    field.userDidEndEditing()
    #expect(employee.age == 3000)
  }

  @Test func anOptionalAmountShowsAPlaceholderWhenNil() {
    let employee = Employee()
    let field = HeadlessTextField()
    field.bind(
      \.text,
      to: .keyPath(employee, \.bonus, converted: TextFormat<Double>.number(locale: english).optional).placeholders(
        BindingPlaceholders(nullValue: "no bonus"))
    )
    #expect(field.text == "no bonus")
    field.userDidEdit(text: "1,000")
    #expect(employee.bonus == 1000)
    #expect(field.text == "1,000")
    field.userDidEdit(text: "")
    #expect(employee.bonus == nil)
  }
}
