import Bindery
import BinderyControllers
import BinderyControls
import BinderyFormatters
import BinderyWeb
import Foundation

/// PersonEditor's page: declared in PersonEditor.spec.yaml (the list and its rows, the fields, the
/// buttons' bindings and actions); the age field's two-way number format is bound here.
enum PersonEditorPage {
  /// Ages as whole numbers, in English.
  static let ageFormat = TextFormat<Int>.number(locale: Locale(identifier: "en_US"))

  /// How long Save keeps the controller saving.
  static let saveDuration = Duration.milliseconds(1500)

  /// The transformers the page's file names: the standard ones and `AgeFormat`.
  static let transformers: BindingTransformerRegistry = {
    let registry = BindingTransformerRegistry()
    registry.register(ageFormat, named: "AgeFormat")
    return registry
  }()

  /// The page, its model shared by every tab.
  static func make(specPath: String) -> WebPage {
    WebPage(title: "People", model: { PeopleViewController() }, sharing: .shared) { controller, context in
      let (content, _) = try WebSpec.load(
        contentsOf: specPath, model: controller, modelClass: "PeopleViewController", root: "Page",
        transformers: transformers
      ) { classes in
        classes.register(Person.self) { Person() }  // the list's items, to check its row template
        classes.registerAction("addPerson", of: PeopleViewController.self) { $0.people.add() }
        classes.registerAction("removePerson", of: PeopleViewController.self) { $0.people.remove() }
        classes.registerAction("save", of: PeopleViewController.self) { controller in
          controller.isSaving = true
          context.after(saveDuration) { controller.isSaving = false }
        }
      }
      return content
    }
  }
}
