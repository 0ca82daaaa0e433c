// PersonEditor, headless (`swift run PersonEditor --headless`): the same page, loaded from the same
// PersonEditor.spec.yaml with headless controls and no browser, driven step by step and printed.
import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import Foundation
import PersonEditorKit

/// The headless walkthrough: PersonEditor.spec.yaml's page, its controls found by name, edited as a
/// user would and printed after each step.
func runHeadlessWalkthrough(specPath: String) throws {
  let controller = try PeopleViewController()  // a database in memory, with the sample people
  let (_, objects) = try PersonEditorPage.load(specPath: specPath, controller: controller) { $0.isSaving = true }
  func control<Control>(_ name: String, as type: Control.Type) throws -> Control {
    guard let object = objects[name] as? Control else {
      throw SpecLoadError([SpecError(file: specPath, line: 1, column: 1, kind: .unknownReference, message: name)])
    }
    return object
  }
  let firstNameField = try control("FirstNameField", as: HeadlessTextField.self)
  let lastNameField = try control("LastNameField", as: HeadlessTextField.self)
  let ageField = try control("AgeField", as: HeadlessTextField.self)
  let fullNameLabel = try control("FullNameLabel", as: HeadlessLabel.self)
  let addButton = try control("AddButton", as: HeadlessButton.self)
  let saveButton = try control("SaveButton", as: HeadlessButton.self)
  // This page's own selection over the shared people (each tab and window has one).
  let people = try control("PeopleController", as: ArrayController<Person>.self)
  var person: Person? { people.selectedObjects.first }

  func show(_ step: String) {
    func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "nil" }
    print("\n▸ \(step)")
    print("  FirstNameField.text = \(quoted(firstNameField.text))  enabled: \(firstNameField.isEnabled)")
    print("  LastNameField.text  = \(quoted(lastNameField.text))  enabled: \(lastNameField.isEnabled)")
    let error = ageField.validationError.map { "  error: \($0)" } ?? ""
    print("  AgeField.text       = \(quoted(ageField.text))  enabled: \(ageField.isEnabled)\(error)")
    print("  FullNameLabel.text  = \(quoted(fullNameLabel.text))")
  }
  /// Types `text` into `field` and ends editing (Return), as a user would.
  func type(_ text: String, into field: HeadlessTextField) {
    field.userDidBeginEditing()
    field.userDidEdit(text: text)
    field.userDidEndEditing()
  }

  print("PersonEditor: the page of PersonEditor.spec.yaml, headless (\(objects.bindings.boundCount) bindings)")
  for binding in firstNameField.bindings + ageField.bindings.prefix(1) + fullNameLabel.bindings {
    print("  \(binding)")
  }

  show("the first person is selected")

  type("Augusta", into: firstNameField)
  type("King", into: lastNameField)
  show("typed \"Augusta\" and \"King\" (model: \(person?.fullName ?? "nil"))")

  type("3b", into: ageField)
  show("typed \"3b\" in the age field (model keeps \(person?.age ?? 0))")
  type("37", into: ageField)
  show("typed \"37\" (model: \(person?.age ?? 0))")

  person?.firstName = "Ada"
  show("the model changed by other means")

  people.select(indexes: [1])
  show("the list's selection moved to \(person?.fullName ?? "nil")")

  let grace = person
  saveButton.userDidTap()
  let accepted = firstNameField.userDidEdit(text: "ignored while saving")
  show("Save: the fields are disabled while saving (edit accepted: \(accepted))")
  controller.isSaving = false

  addButton.userDidTap()
  show("Add: a new person is selected")

  people.select(indexes: [])
  show("no selection: the fields are empty and disabled")

  people.select(indexes: [1])
  if BindingDiagnostics.isRecording {
    // BINDERY_DIAGNOSTICS=1: what is bound, and the last value each binding wrote.
    print("\n▸ the live bindings of the page (BINDERY_DIAGNOSTICS=1)")
    print(BindingGraph(BindingDiagnostics.liveBindings).text, terminator: "")
  }
  objects.unbind()
  firstNameField.userDidEdit(text: "Edith")
  show("after unbind, typing \"Edith\" leaves the model alone (model: \(grace?.firstName ?? "nil"))")

  print("\nDone: \(objects.bindings.boundCount) bindings left bound.")
}
