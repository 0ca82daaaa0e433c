import Bindery
import BinderyControls
import BinderySpec
import BinderyTestFixtures
import BinderyTestKit
import Foundation
import Testing

/// The path of a spec file of the test bundle.
func specPath(_ name: String) throws -> String {
  let url = try #require(Bundle.module.url(forResource: "Specs/\(name)", withExtension: nil))
  return url.path
}

@Suite("Spec files")
struct SpecFileTests {
  @Test func theSeedsSpecLoadsAsWrittenAndItsBindingsWork() throws {
    let spec = try SpecFile.load(contentsOf: specPath("PersonViewController.spec.yaml"), classes: testClasses)
    #expect(spec.names == ["ViewController", "FirstNameField", "LastNameField", "FullNameLabel"])
    let controller = try #require(spec.object(named: "ViewController", as: PersonViewController.self))
    let firstNameField = try #require(spec.object(named: "FirstNameField", as: HeadlessTextField.self))
    let fullNameLabel = try #require(spec.object(named: "FullNameLabel", as: HeadlessTextField.self))
    #expect(controller.firstNameField === firstNameField)
    #expect(controller.fullNameLabel === fullNameLabel)
    #expect(controller.view.subviews.count == 3)
    #expect(controller.view.subviews.first === firstNameField)
    #expect(spec.bindings.bindings.count == 7)

    // No person: the fields are disabled.
    #expect(!firstNameField.isEnabled)
    controller.person = Person(firstName: "Ada", lastName: "Lovelace")
    #expect(firstNameField.isEnabled)
    #expect(firstNameField.text == "Ada")
    #expect(fullNameLabel.text == "Ada Lovelace")

    // Typing in the field updates the model and the label.
    firstNameField.userDidEdit(text: "Augusta")
    #expect(controller.person?.firstName == "Augusta")
    #expect(fullNameLabel.text == "Augusta Lovelace")

    // Saving disables the fields.
    controller.isSaving = true
    #expect(!firstNameField.isEnabled)
    #expect(spec.object(named: "LastNameField", as: HeadlessTextField.self)?.isEnabled == false)
    controller.isSaving = false
    #expect(firstNameField.isEnabled)
  }

  @Test func aSpecBindingSetsItsDirectionAndOptionsInItsExpression() throws {
    let registry = BindingTransformerRegistry()
    registry.register(validator: { (text: String) in if text.contains(" ") { throw SpaceError() } }, named: "NoSpaces")
    let spec = try SpecFile.load(
      yaml: """
        Controller:
          class: PersonViewController
        Shown:
          class: TextField
          bindings:
            text: {to: /Controller, value: 'person.firstName { direction: .sourceToTarget }'}
        OnCommit:
          class: TextField
          bindings:
            text: {to: /Controller, value: 'person.lastName { updatesContinuously: false }'}
        Checked:
          class: TextField
          bindings:
            text: {to: /Controller, value: 'person.firstName { validator: NoSpaces }'}
        """, classes: testClasses, transformers: registry)
    let controller = try #require(spec.object(named: "Controller", as: PersonViewController.self))
    let shown = try #require(spec.object(named: "Shown", as: HeadlessTextField.self))
    let onCommit = try #require(spec.object(named: "OnCommit", as: HeadlessTextField.self))
    controller.person = Person(firstName: "Ada", lastName: "Lovelace")
    #expect(shown.text == "Ada")
    shown.userDidEdit(text: "Typed")
    #expect(controller.person?.firstName == "Ada", "a read-only spec binding wrote the edit back")
    onCommit.userDidEdit(text: "Byron")
    #expect(controller.person?.lastName == "Lovelace", "an on-commit binding wrote before the end of editing")
    onCommit.userDidEndEditing()
    #expect(controller.person?.lastName == "Byron")
    let checked = try #require(spec.object(named: "Checked", as: HeadlessTextField.self))
    checked.userDidEdit(text: "A L")
    #expect(controller.person?.firstName == "Ada", "a value the spec's validator rejects reached the model")
    #expect(checked.validationError != nil)
    checked.userDidEdit(text: "AL")
    #expect(controller.person?.firstName == "AL")
  }

  private struct SpaceError: Error {}

  @Test func aDelegateHandedToTheLoaderHearsTheSpecsBindingsAndMayVetoEdits() throws {
    final class Recorder: BindingDelegate, @unchecked Sendable {
      var targets: [String] = []
      var sources: [String] = []
      func binding(_ binding: PropertyBinding, willUpdateTarget value: Any) { targets.append("\(value)") }
      func binding(_ binding: PropertyBinding, shouldUpdateSource value: Any, from targetValue: Any) -> Bool {
        value as? String != "Veto"
      }
      func binding(_ binding: PropertyBinding, didUpdateSource value: Any) { sources.append("\(value)") }
    }
    let recorder = Recorder()
    let spec = try SpecFile.load(
      yaml: """
        Controller:
          class: PersonViewController
        Field:
          class: TextField
          bindings:
            text: {to: /Controller, value: 'person.firstName'}
        """, classes: testClasses, delegate: recorder)
    #expect(spec.bindings.delegate === recorder)
    let controller = try #require(spec.object(named: "Controller", as: PersonViewController.self))
    let field = try #require(spec.object(named: "Field", as: HeadlessTextField.self))
    controller.person = Person(firstName: "Ada", lastName: "Lovelace")
    #expect(recorder.targets.last == "Optional(\"Ada\")")
    field.userDidEdit(text: "Grace")
    #expect(controller.person?.firstName == "Grace")
    #expect(recorder.sources.count == 1)
    field.userDidEdit(text: "Veto")
    #expect(controller.person?.firstName == "Grace", "the delegate's veto was ignored")
  }

  @Test func propertiesAreSetFromScalarsAndReferences() throws {
    let spec = try SpecFile.load(
      yaml: """
        Controller:
          class: PersonViewController
          title: People
          count: 3
          isSaving: true
          firstNameField: /Field
        Field:
          class: TextField
          placeholder: First name
        """, classes: testClasses)
    let controller = try #require(spec.object(named: "Controller", as: PersonViewController.self))
    #expect(controller.title == "People")
    #expect(controller.count == 3)
    #expect(controller.isSaving)
    #expect(controller.firstNameField === spec["Field"])
    #expect(spec.object(named: "Field", as: HeadlessTextField.self)?.placeholder == "First name")
  }

  @Test func droppingTheObjectsEndsTheBindings() throws {
    let tracker = LifetimeTracker()
    do {
      let spec = try SpecFile.load(contentsOf: specPath("PersonViewController.spec.yaml"), classes: testClasses)
      for name in spec.names { tracker.track((spec.objects[name] ?? Person()) as AnyObject) }
      spec.object(named: "ViewController", as: PersonViewController.self)?.person = Person(firstName: "Ada")
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
  }
}
