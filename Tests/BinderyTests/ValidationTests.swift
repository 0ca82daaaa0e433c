import Bindery
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Validation")
struct ValidationTests {
  @Test func aRejectedValueLeavesTheModelUntouchedAndTheFieldShowsWhy() throws {
    let person = Person(firstName: "Ada")
    let field = HeadlessTextField()
    field.bind(
      \.text,
      to: .keyPath(person, \.firstName).validated { name in
        guard name?.isEmpty == false else { throw NameError.empty }
      })
    field.userDidEdit(text: "")
    #expect(person.firstName == "Ada")
    #expect(field.text == "")  // the user's text is kept
    let error = try #require(field.validationError)
    guard case .validationFailed(let underlying) = error else {
      Issue.record("expected a validation failure, got \(error)")
      return
    }
    #expect(underlying as? NameError == .empty)
    field.userDidEdit(text: "Grace")
    #expect(person.firstName == "Grace")
    #expect(field.validationError == nil)
  }

  @Test func anErrorClearsWhenTheModelGivesTheFieldAnotherValue() {
    let holder = AccountHolder()
    let field = HeadlessTextField()
    field.bind(\.text, to: holder, \.account?.email)
    field.userDidEdit(text: "nope")
    #expect(field.validationError != nil)
    // Another account is shown (another row selected): its valid address shows without the error.
    let other = Account()
    other.email = "grace@example.org"
    holder.account = other
    #expect(field.text == "grace@example.org")
    #expect(field.validationError == nil)
    field.userDidEdit(text: "still not")
    #expect(field.validationError != nil)
    // The model changes the value itself (an undo, another window's edit): the error goes too.
    other.email = "hopper@example.org"
    #expect(field.text == "hopper@example.org")
    #expect(field.validationError == nil)
  }

  @Test func anErrorStaysWhileTheModelKeepsItsValue() {
    let account = Account()
    let field = HeadlessTextField()
    field.bind(\.text, to: account, \.email)
    field.userDidEdit(text: "not an address")
    #expect(field.validationError != nil)
    #expect(field.text == "not an address", "the user's text stays, to be corrected")
  }

  @Test func theModelsOwnValidationIsConsultedToo() {
    let account = Account()
    let field = HeadlessTextField()
    field.bind(\.text, to: account, \.email)
    field.userDidEdit(text: "not an address")
    #expect(account.email == "")
    #expect(field.validationError != nil)
    field.userDidEdit(text: "ada@example.org")
    #expect(account.email == "ada@example.org")
    #expect(field.validationError == nil)
  }

  @Test func theLeafOfAChainValidatesThroughAnOptional() {
    let holder = AccountHolder()
    let field = HeadlessTextField()
    field.bind(\.text, to: holder, \.account?.email)
    field.userDidEdit(text: "nope")
    #expect(holder.account?.email == "")
    #expect(field.validationError != nil)
    field.userDidEdit(text: "grace@example.org")
    #expect(holder.account?.email == "grace@example.org")
  }

  @Test func textThatDoesNotConvertIsAConversionFailureAndChangesNothing() throws {
    let node = Node()
    node.value = 7
    let field = HeadlessTextField()
    field.bind(\.text, to: .keyPath(node, \.value, converted: IntegerText()))
    field.userDidEdit(text: "seven")
    #expect(node.value == 7)
    let error = try #require(field.validationError)
    guard case .conversionFailed = error else {
      Issue.record("expected a conversion failure, got \(error)")
      return
    }
    #expect(error.description.contains("seven"))
    field.userDidEdit(text: "8")
    #expect(node.value == 8)
    #expect(field.validationError == nil)
  }

  @Test func aValidatedTransformerChecksTheConvertedValue() {
    let node = Node()
    let field = HeadlessTextField()
    field.bind(
      \.text,
      to: .keyPath(
        node, \.value,
        converted: IntegerText().validated { value in
          guard value >= 0 else { throw NumberError.negative }
        }))
    field.userDidEdit(text: "-3")
    #expect(node.value == 0)
    #expect(field.validationError != nil)
  }
}

private enum NameError: Error, Equatable { case empty }
private enum NumberError: Error { case negative }
private struct EmailError: Error {}

/// An integer shown as text; text that is not an integer does not convert.
private struct IntegerText: BindingTransformer {
  func transform(_ value: Int) -> String { String(value) }
  func reverseTransform(_ text: String) throws -> Int {
    guard let value = Int(text) else {
      throw BindingTransformerError.invalidValue(
        transformer: "IntegerText", reason: "\"\(text)\" is not a whole number")
    }
    return value
  }
  var isReversible: Bool { true }
}

@KeyValueObservable
final class Account: KeyValueValidating {
  var email = ""

  func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    if keyPath == \Account.email, let email = value as? String, !email.contains("@") { throw EmailError() }
  }
}

@KeyValueObservable
final class AccountHolder {
  var account: Account? = Account()
}
