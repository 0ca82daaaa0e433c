// PersonEditor, headless: the seeds' Person example, printed step by step.
import Bindery
import BinderyControls

func show(_ step: String, _ firstNameField: TextField, _ lastNameField: TextField, _ fullNameLabel: Label) {
  func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "nil" }
  print("\n▸ \(step)")
  print("  firstNameField.text = \(quoted(firstNameField.text))  enabled: \(firstNameField.isEnabled)")
  print("  lastNameField.text  = \(quoted(lastNameField.text))  enabled: \(lastNameField.isEnabled)")
  print("  fullNameLabel.text  = \(quoted(fullNameLabel.text))")
}

let controller = PersonController(person: Person())
let firstNameField = TextField(placeholder: "First name")
let lastNameField = TextField(placeholder: "Last name")
let fullNameLabel = Label()

// Bindings: fields two-way through the controller's person, the label one-way (fullName is computed).
let bindings = BindingSet()
firstNameField.bind(\.text, to: controller, \.person?.firstName).store(in: bindings)
lastNameField.bind(\.text, to: controller, \.person?.lastName).store(in: bindings)
fullNameLabel.bind(\.text, to: controller, \.person?.fullName).store(in: bindings)

// Fields are enabled while there is a person and it is not being saved (seed 000's AND).
let enabling = observe {
  controller.person != nil && !controller.isSaving
} onChange: { enabled in
  firstNameField.isEnabled = enabled
  lastNameField.isEnabled = enabled
}

print("PersonEditor: the seeds' Person example, headless")
for binding in bindings.bindings { print("  \(binding)") }

show("bound to an empty person", firstNameField, lastNameField, fullNameLabel)

firstNameField.userDidEdit(text: "Ada")
lastNameField.userDidEdit(text: "Lovelace")
show(
  "typed \"Ada\" and \"Lovelace\" (model: \(controller.person?.fullName ?? "nil"))", firstNameField, lastNameField,
  fullNameLabel)

controller.person?.firstName = "Augusta Ada"
show("the model changed by other means", firstNameField, lastNameField, fullNameLabel)

let grace = Person(firstName: "Grace", lastName: "Hopper")
controller.person = grace
show("controller.person swapped for Grace Hopper", firstNameField, lastNameField, fullNameLabel)

controller.isSaving = true
let accepted = firstNameField.userDidEdit(text: "ignored while saving")
show("saving: the fields are disabled (edit accepted: \(accepted))", firstNameField, lastNameField, fullNameLabel)
controller.isSaving = false

controller.person = nil
show("no person: the fields are empty and disabled", firstNameField, lastNameField, fullNameLabel)

controller.person = grace
bindings.unbind()
firstNameField.userDidEdit(text: "Edith")
show(
  "after unbind, typing \"Edith\" leaves the model alone (model: \(grace.firstName))", firstNameField, lastNameField,
  fullNameLabel)

enabling.cancel()
print("\nDone: \(bindings.boundCount) bindings left bound.")
