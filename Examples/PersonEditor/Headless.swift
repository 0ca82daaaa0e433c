// PersonEditor, headless (`swift run PersonEditor --headless`): the Person editor, printed
// step by step.
import Bindery
import BinderyControls
import BinderyFormatters
import Foundation

/// The headless walkthrough: the Person editor with headless controls, printed step by step.
func runHeadlessWalkthrough() {
  let controller = PersonController(person: Person(age: 36))
  let firstNameField = HeadlessTextField(placeholder: "First name")
  let lastNameField = HeadlessTextField(placeholder: "Last name")
  let ageField = HeadlessTextField(placeholder: "Age")
  let fullNameLabel = HeadlessLabel()

  func show(_ step: String) {
    func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "nil" }
    print("\n▸ \(step)")
    print("  firstNameField.text = \(quoted(firstNameField.text))  enabled: \(firstNameField.isEnabled)")
    print("  lastNameField.text  = \(quoted(lastNameField.text))  enabled: \(lastNameField.isEnabled)")
    let error = ageField.validationError.map { "  error: \($0)" } ?? ""
    print("  ageField.text       = \(quoted(ageField.text))  enabled: \(ageField.isEnabled)\(error)")
    print("  fullNameLabel.text  = \(quoted(fullNameLabel.text))")
  }

  // Bindings: fields two-way through the controller's person, the label one-way (fullName is computed),
  // the age through a number format; placeholders when there is no name or no person.
  let bindings = BindingSet()
  let english = Locale(identifier: "en_US")
  firstNameField.bind(\.text, to: controller, \.person?.firstName).store(in: bindings)
  lastNameField.bind(\.text, to: controller, \.person?.lastName).store(in: bindings)
  ageField.bind(
    \.text, to: .keyPath(controller, \.person?.age, converted: TextFormat<Int>.number(locale: english).optional)
  )
  .store(in: bindings)
  fullNameLabel.bind(
    \.text,
    to: .keyPath(controller, \.person?.fullName)
      .placeholders(BindingPlaceholders(nullValue: "(no name)", notApplicable: "No person selected"))
  )
  .store(in: bindings)

  // The fields are enabled while there is a person and it is not being saved (AND).
  for field in [firstNameField, lastNameField, ageField] {
    field.bind(\.isEnabled, to: .keyPath(controller, \.person, converted: IsNotNilTransformer())).store(in: bindings)
    field.bind(\.isEnabled, to: .keyPath(controller, \.isSaving, converted: NegateBooleanTransformer()))
      .store(in: bindings)
  }

  print("PersonEditor: the Person editor, headless")
  for binding in bindings.bindings.prefix(4) { print("  \(binding)") }

  show("bound to an unnamed person")

  firstNameField.userDidEdit(text: "Ada")
  lastNameField.userDidEdit(text: "Lovelace")
  show("typed \"Ada\" and \"Lovelace\" (model: \(controller.person?.fullName ?? "nil"))")

  ageField.userDidEdit(text: "3b")
  show("typed \"3b\" in the age field (model keeps \(controller.person?.age ?? 0))")
  ageField.userDidEdit(text: "37")
  show("typed \"37\" (model: \(controller.person?.age ?? 0))")

  controller.person?.firstName = "Augusta Ada"
  show("the model changed by other means")

  let grace = Person(firstName: "Grace", lastName: "Hopper", age: 85)
  controller.person = grace
  show("controller.person swapped for Grace Hopper")

  controller.isSaving = true
  let accepted = firstNameField.userDidEdit(text: "ignored while saving")
  show("saving: the fields are disabled (edit accepted: \(accepted))")
  controller.isSaving = false

  controller.person = nil
  show("no person: the fields are empty and disabled")

  controller.person = grace
  bindings.unbind()
  firstNameField.userDidEdit(text: "Edith")
  show("after unbind, typing \"Edith\" leaves the model alone (model: \(grace.firstName))")

  print("\nDone: \(bindings.boundCount) bindings left bound.")
}
