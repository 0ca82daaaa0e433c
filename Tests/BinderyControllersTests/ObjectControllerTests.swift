import Bindery
import BinderyControllers
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

@KeyValueObservable
final class Editor {
  var person: Person?
}

@Suite("Object controller")
struct ObjectControllerTests {
  @Test func fieldsShowTheContentOrNoSelectionAndWriteTheContent() {
    let editor = Editor()
    let controller = ObjectController<Person>(makeContent: { Person("New") })
    controller.bindContent(to: .keyPath(editor, \.person))
    let field = HeadlessTextField()
    field.bind(
      \.text,
      to: .marked(controller, \.selection.firstName).placeholders(BindingPlaceholders(noSelection: "No person")),
      options: BindingOptions(conditionallySetsEnabled: true)
    )
    #expect(field.text == "No person")
    #expect(!field.isEnabled)
    editor.person = Person("Ada")
    #expect(field.text == "Ada")
    #expect(field.isEnabled)
    field.userDidEdit(text: "Grace")
    #expect(editor.person?.firstName == "Grace")
    editor.person?.firstName = "Mary"
    #expect(field.text == "Mary")
  }

  @Test func addAndRemoveWriteTheModelAndButtonsFollow() {
    let editor = Editor()
    let controller = ObjectController<Person>(makeContent: { Person("New") })
    controller.bindContent(to: .keyPath(editor, \.person))
    let addButton = HeadlessButton(title: "Add")
    let removeButton = HeadlessButton(title: "Remove")
    addButton.bind(\.isEnabled, to: controller, \.canAdd)
    removeButton.bind(\.isEnabled, to: controller, \.canRemove)
    #expect(addButton.isEnabled && !removeButton.isEnabled)
    controller.add()
    #expect(editor.person?.firstName == "New")
    #expect(!addButton.isEnabled && removeButton.isEnabled)
    controller.remove()
    #expect(editor.person == nil)
    #expect(addButton.isEnabled && !removeButton.isEnabled)
  }

  @Test func droppingTheControllerLeavesTheModelUnobserved() {
    let tracker = LifetimeTracker()
    let editor = Editor()
    editor.person = Person("Ada")
    do {
      let controller = tracker.track(ObjectController<Person>())
      controller.bindContent(to: .keyPath(editor, \.person))
      let field = tracker.track(HeadlessTextField())
      field.bind(\.text, to: .marked(controller, \.selection.firstName))
      #expect(field.text == "Ada")
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
    #expect(editor.keyValueRegistrar.observerCount == 0)
    #expect(editor.person?.keyValueRegistrar.observerCount == 0)
  }
}
