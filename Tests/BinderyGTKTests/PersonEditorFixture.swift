#if GTK
  import Bindery
  import BinderyControllers
  import BinderyControls
  import BinderyFormatters
  import BinderyScreens
  import BinderySpec

  // PersonEditor's model, as the demo declares it (Examples/PersonEditor), for its spec file: an
  // executable's module cannot be imported by tests in every build (not in a sanitized one).

  /// A person: a first and last name, an age, and a full name computed from the names.
  @KeyValueObservable
  final class Person {
    var firstName: String
    var lastName: String
    var age: Int

    var fullName: String? {
      switch (firstName.isEmpty, lastName.isEmpty) {
      case (false, false): firstName + " " + lastName
      case (false, true): firstName
      case (true, false): lastName
      case (true, true): nil
      }
    }

    init(firstName: String = "", lastName: String = "", age: Int = 0) {
      self.firstName = firstName
      self.lastName = lastName
      self.age = age
    }
  }

  extension Person: KeyValueValidating {
    func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
      if keyPath == \Person.age, let age = value as? Int, !(0...150).contains(age) {
        throw AgeOutOfRange(age: age)
      }
    }
  }

  /// An age outside 0...150.
  struct AgeOutOfRange: Error, CustomStringConvertible {
    let age: Int
    var description: String { "\(age) is not an age (0 to 150)" }
  }

  /// The page's model: the people in an array controller, the selected person, and saving.
  @KeyValueObservable
  final class PeopleViewController {
    var people = ArrayController<Person>(makeElement: { Person() })
    var person: Person?
    var isSaving = false
    @KeyValueIgnored private var following: KeyValueObservation?

    init() {
      people.setContent([
        Person(firstName: "Ada", lastName: "Lovelace", age: 36),
        Person(firstName: "Grace", lastName: "Hopper", age: 85),
        Person(firstName: "Alan", lastName: "Turing", age: 41),
      ])
      people.select(indexes: [0])
      person = people.selectedObjects.first
      following = observe(people, \.selectionIndexes) { [weak self] _ in
        guard let self else { return }
        self.person = self.people.selectedObjects.first
      }
    }
  }

  /// Loads PersonEditor.spec.yaml as the demo's `--gtk` does.
  enum PersonEditorPage {
    static let transformers: BindingTransformerRegistry = {
      let registry = BindingTransformerRegistry()
      registry.registerTextFormats()
      return registry
    }()

    static func loadScreen(
      specPath: String, controller: PeopleViewController, save: @escaping @Sendable (PeopleViewController) -> Void
    ) throws(SpecLoadError) -> LoadedScreen {
      try ScreenSpec.load(
        contentsOf: specPath, model: controller, modelClass: "PeopleViewController", root: "Page",
        lists: HeadlessControls.lists, transformers: transformers
      ) { classes in
        classes.register(Person.self) { Person() }
        classes.registerAction("addPerson", of: PeopleViewController.self) { $0.people.add() }
        classes.registerAction("removePerson", of: PeopleViewController.self) { $0.people.remove() }
        classes.registerAction("save", of: PeopleViewController.self, perform: save)
      }
    }
  }
#endif
