import Bindery
import BinderyControllers
import BinderyControls
import BinderyScreens
import BinderySpec
import BinderyTestFixtures
import Foundation
import Testing

/// The view model of a screen file: an array controller of people, and whether it is saving.
@KeyValueObservable
final class RosterScreenModel {
  var people = ArrayController<Person>(makeElement: { Person() })
  var isSaving = false
  var password = ""
  var isAdmin = false
}

/// A screen for every front end: panels, a labelled field, a secure field, a checkbox and a list.
private let screenFile = """
  Model:
    class: RosterScreenModel
  Page:
    class: Panel
    title: Roster
    view:
      subviews: [/NameLabel, /People, /Password, /Admin]
  NameLabel:
    class: FieldLabel
    text: People
    target: /People
  People:
    class: List
    content: {to: /Model, value: people}
    row:
      Name:
        class: Label
        bindings:
          text: {value: firstName}
      Pin:
        class: SecureField
  Password:
    class: SecureField
    bindings:
      text: {to: /Model, value: password}
      enabled: {to: /Model, value: '!isSaving'}
  Admin:
    class: Checkbox
    bindings:
      on: {to: /Model, value: isAdmin}
  """

/// A screen object that counts the times it is told its file is loaded.
@KeyValueObservable
final class AwakingScreenPart: SpecAwaking {
  var text = ""
  @KeyValueIgnored var awakenings = 0
  func awakeFromSpec() { awakenings += 1 }
}

/// Every part made for a screen file, in the order made.
final class MadeParts: @unchecked Sendable {
  var parts: [AwakingScreenPart] = []
}

@Suite("Screens loaded for any front end")
struct ScreenSpecTests {
  @Test(
    "a screen refused after its file loaded (no root object) tells no object it loaded; a whole one tells each once")
  func aRefusedScreenAwakesNothing() throws {
    let file = """
      Model:
        class: RosterScreenModel
      Part:
        class: AwakingScreenPart
      """
    let path = try write(file)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let made = MadeParts()
    let register: (SpecClassRegistry) -> Void = { classes in
      classes.register(AwakingScreenPart.self) {
        let part = AwakingScreenPart()
        made.parts.append(part)
        return part
      }
    }
    #expect(throws: SpecLoadError.self) {
      try ScreenSpec.load(
        contentsOf: path, model: RosterScreenModel(), modelClass: "RosterScreenModel", root: "Page",
        lists: HeadlessControls.lists, configure: register)
    }
    #expect(made.parts.count == 1)
    #expect(made.parts.first?.awakenings == 0)
    let screen = try ScreenSpec.load(
      contentsOf: path, model: RosterScreenModel(), modelClass: "RosterScreenModel", root: "Part",
      lists: HeadlessControls.lists, configure: register)
    defer { screen.objects.unbind() }
    #expect(made.parts.count == 2)
    #expect(made.parts.last?.awakenings == 1)
  }

  private func write(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-\(UUID()).screen.yaml").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func aScreenFileMakesPanelsLabelledControlsStylesAndAHeadlessList() throws {
    let model = RosterScreenModel()
    model.people.setContent([Person(firstName: "Ada"), Person(firstName: "Grace")])
    let path = try write(screenFile)
    defer { try? FileManager.default.removeItem(atPath: path) }

    let screen = try ScreenSpec.load(
      contentsOf: path, model: model, modelClass: "RosterScreenModel", root: "Page", lists: HeadlessControls.lists
    ) { classes in
      classes.register(Person.self) { Person() }  // the list's items, to check its row template
    }
    defer { screen.objects.unbind() }

    let page = try #require(screen.root as? Panel)
    #expect(page.title == "Roster")
    let list = try #require(screen.objects["People"] as? HeadlessListView<Person>)
    #expect(list.rows.map { ($0.controls.first as? HeadlessLabel)?.text } == ["Ada", "Grace"])
    let target = (screen.objects["NameLabel"] as? FieldLabel)?.target
    #expect(target.map { ObjectIdentifier($0) } == ObjectIdentifier(list))
    let password = try #require(screen.objects["Password"] as? HeadlessTextField)
    let admin = try #require(screen.objects["Admin"] as? HeadlessSwitch)
    #expect(screen.style(of: password) == .secure)
    #expect(screen.style(of: admin) == .checkbox)
    #expect(screen.style(of: list) == nil)
    #expect(ObjectIdentifier(screen.model) == ObjectIdentifier(model))
    let modelID = ObjectIdentifier(model)
    #expect(!screen.namedControls.map { ObjectIdentifier($0.object) }.contains(modelID))
    #expect(Set(screen.namedControls.map(\.name)) == ["Page", "NameLabel", "People", "Password", "Admin"])

    password.userDidEdit(text: "hunter2")
    admin.userDidToggle()
    model.isSaving = true
    #expect(model.password == "hunter2")
    #expect(model.isAdmin)
    #expect(!password.isEnabled)
  }

  @Test func aNumberFieldIsATextFieldDrawnAsANumberWhoseBindingsTakeAnyText() throws {
    let model = RosterScreenModel()
    let path = try write(
      """
      Model:
        class: RosterScreenModel
      Page:
        class: Panel
        view:
          subviews: [/Field]
      Field:
        class: NumberField
        bindings:
          text: {to: /Model, value: password}
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let screen = try ScreenSpec.load(
      contentsOf: path, model: model, modelClass: "RosterScreenModel", root: "Page", lists: HeadlessControls.lists)
    defer { screen.objects.unbind() }
    let field = try #require(screen.objects["Field"] as? HeadlessTextField)
    #expect(screen.style(of: field) == .number)
    #expect(field.userDidEdit(text: "3b"))
    #expect(model.password == "3b", "the field's bindings, not the style, judge what is typed")
  }

  @Test func aTextViewOnAScreenIsTheTextViewOfEverySpecFileWrittenWhenItsEditingEnds() throws {
    let model = RosterScreenModel()
    let path = try write(
      """
      Model:
        class: RosterScreenModel
      Page:
        class: Panel
        view:
          subviews: [/Notes]
      Notes:
        class: TextView
        isEditable: true
        bindings:
          text: {to: /Model, value: "password { updatesContinuously: false }"}
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let screen = try ScreenSpec.load(
      contentsOf: path, model: model, modelClass: "RosterScreenModel", root: "Page", lists: HeadlessControls.lists)
    defer { screen.objects.unbind() }
    let notes = try #require(screen.objects["Notes"] as? HeadlessTextView)
    #expect(screen.style(of: notes) == nil)
    #expect(notes.userDidEdit(text: "Line one\nLine two"))
    #expect(model.password != "Line one\nLine two", "on commit: nothing written while typing")
    notes.userDidEndEditing()
    #expect(model.password == "Line one\nLine two")
  }

  @Test func theRowsOfAListMadeAfterTheLoadHaveTheirStylesToo() throws {
    let model = RosterScreenModel()
    let path = try write(screenFile)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let screen = try ScreenSpec.load(
      contentsOf: path, model: model, modelClass: "RosterScreenModel", root: "Page", lists: HeadlessControls.lists
    ) { classes in
      classes.register(Person.self) { Person() }
    }
    defer { screen.objects.unbind() }
    let list = try #require(screen.objects["People"] as? HeadlessListView<Person>)
    #expect(list.rows.isEmpty)

    model.people.add()

    let pin = try #require(list.rows.first?.controls.last as? HeadlessTextField)
    #expect(screen.style(of: pin) == .secure)
    #expect(screen.style(of: HeadlessTextField()) == nil)
  }

  @Test func aRootThatNamesNoObjectFailsTheLoadAndLeavesNothingBound() throws {
    let model = RosterScreenModel()
    let path = try write(screenFile)
    defer { try? FileManager.default.removeItem(atPath: path) }

    #expect(throws: SpecLoadError.self) {
      try ScreenSpec.load(
        contentsOf: path, model: model, modelClass: "RosterScreenModel", root: "Window", lists: HeadlessControls.lists)
    }
    #expect(model.keyValueRegistrar.observerCount == 0)
  }
}
