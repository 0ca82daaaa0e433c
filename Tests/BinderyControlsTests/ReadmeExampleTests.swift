import Bindery
import BinderyControls
import Testing

// The README's first example, as written, run as a test.

@KeyValueObservable
final class Person {
  var firstName = ""
  var lastName = ""
  var fullName: String { "\(firstName) \(lastName)" }  // computed: observed through what it reads
}

@KeyValueObservable
final class PersonController {
  var person: Person? = Person()
}

@Suite("README example")
struct ReadmeExampleTests {
  @Test func theReadmesFirstExampleWorksAsWritten() {
    let controller = PersonController()
    let firstNameField = HeadlessTextField()
    let fullNameLabel = HeadlessLabel()

    firstNameField.bind(\.text, to: controller, \.person?.firstName)  // two-way
    fullNameLabel.bind(\.text, to: controller, \.person?.fullName)  // one-way (computed)

    firstNameField.userDidEdit(text: "Ada")  // as if typed: writes controller.person?.firstName
    controller.person?.lastName = "Lovelace"
    #expect(fullNameLabel.text == "Ada Lovelace")
    controller.person = Person()  // the field and the label follow the new person
    #expect(firstNameField.text == "")
    #expect(fullNameLabel.text == " ")
  }
}
