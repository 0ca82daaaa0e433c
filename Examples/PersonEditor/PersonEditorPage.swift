import Bindery
import BinderyControllers
import BinderyControls
import BinderyFormatters
import BinderyWeb
import Foundation

/// PersonEditor's page: declared in PersonEditor.spec.yaml, finished here with what spec files
/// cannot say yet (the list's row template, the buttons' actions).
enum PersonEditorPage {
  /// Ages as whole numbers, in English.
  static let ageFormat = TextFormat<Int>.number(locale: Locale(identifier: "en_US"))

  /// How long Save keeps the controller saving.
  static let saveDuration = Duration.milliseconds(1500)

  /// The page, its model shared by every tab.
  static func make(specPath: String) -> WebPage {
    WebPage(title: "People", model: { PeopleViewController() }, sharing: .shared) { controller, context in
      let (content, objects) = try WebSpec.load(
        contentsOf: specPath, model: controller, modelClass: "PeopleViewController", root: "Page")

      let list = WebList(controller: controller.people) { person, row in
        let name = Label()
        name.bind(\.text, to: person, \.fullName, placeholders: BindingPlaceholders(nullValue: "(no name)"))
          .store(in: row.bindings)
        let age = Label()
        age.bind(\.text, to: person, \.age, transformer: ageFormat)
          .store(in: row.bindings)
        row.controls = [name, age]
      }
      content.name(list, "People")
      content.retain(list)
      objects.object(named: "PeopleList", as: Panel.self)?.view?.subviews = [list]

      // The age through a number format, written when editing ends (Return, or leaving the field):
      // text that is not a whole number, or an age outside 0...150 (Person's validation), shows as
      // the field's error and leaves the model alone.
      objects.object(named: "AgeField", as: TextField.self)?
        .bind(
          \.text, to: controller, \.person?.age, transformer: ageFormat.optional,
          options: BindingOptions(updatesContinuously: false)
        )
        .store(in: content.bindings)
      if let add = objects.object(named: "AddButton", as: Button.self) {
        add.action = { controller.people.add() }
        add.bind(\.isEnabled, to: controller.people, \.canAdd).store(in: content.bindings)
      }
      if let remove = objects.object(named: "RemoveButton", as: Button.self) {
        remove.action = { controller.people.remove() }
        remove.bind(\.isEnabled, to: controller.people, \.canRemove).store(in: content.bindings)
      }
      objects.object(named: "SaveButton", as: Button.self)?.action = {
        controller.isSaving = true
        context.after(saveDuration) { controller.isSaving = false }
      }
      return content
    }
  }
}
