import Bindery
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Editing on commit")
struct EditingTests {
  @Test func continuousBindingsWriteEveryKeystroke() {
    let person = Person()
    let field = HeadlessTextField()
    field.bind(\.text, to: person, \.firstName)
    field.userDidEdit(text: "A")
    #expect(person.firstName == "A")
    field.userDidEdit(text: "Ad")
    #expect(person.firstName == "Ad")
  }

  @Test func onCommitBindingsWriteWhenEditingEnds() {
    let person = Person()
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: person, \.firstName, options: BindingOptions(updatesContinuously: false))
    field.userDidEdit(text: "A")
    field.userDidEdit(text: "Ada")
    #expect(person.firstName == "")
    #expect(binding.hasPendingEdit)
    field.userDidEndEditing()
    #expect(person.firstName == "Ada")
    #expect(!binding.hasPendingEdit)
  }

  @Test func commitAndDiscardOnABinding() throws {
    let person = Person(firstName: "Ada")
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: person, \.firstName, options: BindingOptions(updatesContinuously: false))
    field.userDidEdit(text: "Grace")
    try binding.commitEditing()
    #expect(person.firstName == "Grace")
    field.userDidEdit(text: "Edith")
    binding.discardEditing()
    #expect(person.firstName == "Grace")
    #expect(field.text == "Grace")  // the model's value is shown again
    #expect(!binding.hasPendingEdit)
    try binding.commitEditing()  // nothing pending: nothing happens
    #expect(person.firstName == "Grace")
  }

  @Test func aSetCommitsWhatValidatesReportsTheFirstErrorAndKeepsTheRestPending() throws {
    let person = Person(firstName: "Ada", lastName: "Lovelace")
    let first = HeadlessTextField()
    let last = HeadlessTextField()
    let set = BindingSet()
    let onCommit = BindingOptions(updatesContinuously: false)
    first.bind(
      \.text,
      to: .keyPath(person, \.firstName).validated { name in
        guard name?.isEmpty == false else { throw EmptyName() }
      },
      options: onCommit
    )
    .store(in: set)
    last.bind(\.text, to: person, \.lastName, options: onCommit).store(in: set)
    first.userDidEdit(text: "")
    last.userDidEdit(text: "Byron")
    #expect(set.hasPendingEdits)
    #expect(throws: BindingError.self) { try set.commitEditing() }
    #expect(person.lastName == "Byron")  // committed
    #expect(person.firstName == "Ada")  // rejected: stays pending
    #expect(set.bindings[0].hasPendingEdit)
    #expect(!set.bindings[1].hasPendingEdit)
    #expect(first.validationError != nil)
    set.discardEditing()
    #expect(first.text == "Ada")
    #expect(first.validationError == nil)
    #expect(!set.hasPendingEdits)
  }
}

private struct EmptyName: Error {}
