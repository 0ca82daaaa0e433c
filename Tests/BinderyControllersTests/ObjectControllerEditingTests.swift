import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestFixtures
import Testing

/// NSObjectController's `isEditable`, as Bindery has it.
@Suite("Object controller editing, as Cocoa documents it")
struct ObjectControllerEditingTests {
  @Test("a controller that is not editable refuses edits through its selection, and to add or remove")
  func notEditable() {
    let editor = Editor()
    editor.person = Person("Ada")
    let controller = ObjectController<Person>(makeContent: { Person("New") })
    controller.bindContent(to: .keyPath(editor, \.person))
    let field = HeadlessTextField()
    field.bind(\.text, to: .marked(controller, \.selection.firstName))
    let named = HeadlessTextField()
    _ = try? named.bind(\.text, to: .keyPath(controller, "selection.firstName"))
    let removeButton = HeadlessButton(title: "Remove")
    removeButton.bind(\.isEnabled, to: controller, \.canRemove)
    #expect(controller.isEditable)
    #expect(removeButton.isEnabled)

    controller.isEditable = false
    #expect(!removeButton.isEnabled)
    field.userDidEdit(text: "Grace")
    #expect(editor.person?.firstName == "Ada")
    #expect(field.validationError.map(isNotEditable) == true)
    named.userDidEdit(text: "Grace")
    #expect(editor.person?.firstName == "Ada")
    #expect(named.validationError.map(isNotEditable) == true)
    controller.remove()
    #expect(editor.person != nil)
    editor.person = nil
    #expect(!controller.canAdd)
    #expect(controller.add() == nil)
    #expect(editor.person == nil)

    controller.isEditable = true
    #expect(controller.canAdd)
    controller.add()
    field.userDidEdit(text: "Grace")
    #expect(editor.person?.firstName == "Grace")
  }
}

/// Whether a binding refused a value because its source takes no edits.
private func isNotEditable(_ error: BindingError) -> Bool {
  if case .notEditable = error { true } else { false }
}
