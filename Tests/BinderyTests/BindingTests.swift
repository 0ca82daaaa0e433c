import Bindery
import BinderyControls
import BinderyTestFixtures
import BinderyTestKit
import Testing

@Suite("Bindings")
struct BindingTests {
  @Test func theSeedsPersonWalkthroughWorksAsWritten() {
    // seed 000: firstNameField.bind('text', person, 'firstName') …
    let person = Person()
    let firstNameField = HeadlessTextField()
    let lastNameField = HeadlessTextField()
    let fullNameLabel = HeadlessLabel()
    firstNameField.bind(\.text, to: person, \.firstName)
    lastNameField.bind(\.text, to: person, \.lastName)
    fullNameLabel.bind(\.text, to: person, \.fullName)

    firstNameField.userDidEdit(text: "Ada")
    #expect(person.firstName == "Ada")
    #expect(fullNameLabel.text == "Ada")
    lastNameField.userDidEdit(text: "Lovelace")
    #expect(fullNameLabel.text == "Ada Lovelace")
    person.firstName = "Augusta"  // changed by other means: the field follows
    #expect(firstNameField.text == "Augusta")
    #expect(fullNameLabel.text == "Augusta Lovelace")
  }

  @Test func manyObjectsBoundThroughOneKeyPathEachKeepTheirOwnValues() {
    let people = (0..<3).map { Person(firstName: "Person \($0)") }
    let fields = people.map { _ in HeadlessTextField() }
    for (field, person) in zip(fields, people) { field.bind(\.text, to: person, \.firstName) }
    #expect(fields.map(\.text) == ["Person 0", "Person 1", "Person 2"])
    fields[1].userDidEdit(text: "Ada")
    people[2].firstName = "Grace"
    #expect(people.map(\.firstName) == ["Person 0", "Ada", "Grace"])
    #expect(fields.map(\.text) == ["Person 0", "Ada", "Grace"])
  }

  @Test func aSubclassThatComputesAnInheritedPropertyIsFollowedThroughEverythingItReads() {
    // A binding of the base class's property is made first, so the property is already known.
    let plain = ReadingBase()
    let plainDial = ReadingDial()
    plainDial.bind(\.reading, to: plain, \ReadingBase.reading)
    let gauge = OffsetReading()
    let dial = ReadingDial()
    dial.bind(\.reading, to: gauge as ReadingBase, \ReadingBase.reading)
    gauge.offset = 10
    #expect(dial.reading == 10)
    gauge.reading = 15
    #expect(dial.reading == 15)
    plain.reading = 3
    #expect(plainDial.reading == 3)
    // The same on the target's side: the subclass's property is written through its own setter.
    let source = ReadingDial()
    let offsetTarget = OffsetReading()
    offsetTarget.offset = 100
    (offsetTarget as ReadingBase).bind(\ReadingBase.reading, to: source, \.reading)
    source.reading = 7
    #expect(offsetTarget.reading == 7)
  }

  @Test func bindingThroughTheControllerFollowsTheControllersPerson() {
    // seed 000, "Complex KeyPaths": this.firstNameField.bind('text', this, 'person.firstName')
    let controller = PersonController(person: Person(firstName: "Ada", lastName: "Lovelace"))
    let firstNameField = HeadlessTextField()
    let fullNameLabel = HeadlessLabel()
    let first = firstNameField.bind(\.text, to: controller, \.person?.firstName)
    let full = fullNameLabel.bind(\.text, to: controller, \.person?.fullName)
    #expect(first.direction == .both)
    #expect(full.direction == .sourceToTarget)
    #expect(firstNameField.text == "Ada")
    #expect(fullNameLabel.text == "Ada Lovelace")

    firstNameField.userDidEdit(text: "Augusta")
    #expect(controller.person?.firstName == "Augusta")
    #expect(fullNameLabel.text == "Augusta Lovelace")

    let grace = Person(firstName: "Grace", lastName: "Hopper")
    controller.person = grace
    #expect(firstNameField.text == "Grace")
    #expect(fullNameLabel.text == "Grace Hopper")
    firstNameField.userDidEdit(text: "Amazing Grace")  // after re-targeting, edits reach the new person
    #expect(grace.firstName == "Amazing Grace")
    #expect(fullNameLabel.text == "Amazing Grace Hopper")

    controller.person = nil
    #expect(firstNameField.text == nil)
    #expect(fullNameLabel.text == nil)
    #expect(firstNameField.userDidEdit(text: "nobody"))  // nothing to write to: ignored
    #expect(controller.person == nil)
  }

  @Test func onCreationTheSourceValueIsPushedToTheTarget() {
    let node = Node()
    node.name = "start"
    let field = HeadlessTextField(text: "old")
    field.bind(\.text, to: node, \.name)
    #expect(field.text == "start")
  }

  @Test func aUserEditWritesTheModelOnceAndNeverSetsTheFieldAgain() {
    let person = Person()
    let field = CountingField()
    field.bind(\.text, to: person, \.firstName)
    let setsAfterBind = field.setCount
    var modelWrites = 0
    let token = observe(person, \.firstName) { _ in modelWrites += 1 }
    field.type("Ada")
    #expect(person.firstName == "Ada")
    #expect(modelWrites == 1)
    #expect(field.setCount == setsAfterBind)
    _ = token
  }

  @Test func aSourceChangeReachesTheLabelExactlyOnce() {
    let controller = PersonController(person: Person(firstName: "Ada", lastName: "Lovelace"))
    let label = HeadlessLabel()
    label.bind(\.text, to: controller, \.person?.fullName)
    let mismatch = propagationMismatch(
      of: { controller.person?.lastName = "Byron" },
      to: label,
      \.text,
      expected: "Ada Byron"
    )
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }

  @Test func programmaticSetsOfAControlAreNotWrittenBack() {
    let person = Person(firstName: "Ada")
    let field = HeadlessTextField()
    field.bind(\.text, to: person, \.firstName)
    field.text = "typed by code"
    #expect(person.firstName == "Ada")
  }

  @Test func aReadOnlySourceMakesAOneWayBinding() {
    let person = Person(firstName: "Ada")
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: person, \.fullName)
    #expect(binding.direction == .sourceToTarget)
    field.userDidEdit(text: "Someone Else")
    #expect(person.firstName == "Ada")
  }

  @Test func theDirectionOptionIsHonoured() {
    let a = Node()
    let b = Node()
    let oneWay = b.bind(\.value, to: a, \.value, options: BindingOptions(direction: .sourceToTarget))
    #expect(oneWay.direction == .sourceToTarget)
    b.value = 5
    #expect(a.value == 0)
    a.value = 7
    #expect(b.value == 7)

    let c = Node()
    let d = Node()
    d.value = 3
    let reverse = d.bind(\.value, to: c, \.value, options: BindingOptions(direction: .targetToSource))
    #expect(reverse.direction == .targetToSource)
    #expect(c.value == 3)  // on creation the target's value goes to the source
    c.value = 10
    #expect(d.value == 3)
    d.value = 11
    #expect(c.value == 11)
  }

  @Test func aTwoWayBindingBetweenModelsCarriesChangesBothWays() {
    let a = Node()
    let b = Node()
    a.value = 1
    b.bind(\.value, to: a, \.value)
    #expect(b.value == 1)
    a.value = 2
    #expect(b.value == 2)
    b.value = 3
    #expect(a.value == 3)
  }

  @Test func aCycleOfThreeBindingsEndsWithTheSameValueEverywhere() {
    let a = Node()
    let b = Node()
    let c = Node()
    b.bind(\.value, to: a, \.value)
    c.bind(\.value, to: b, \.value)
    a.bind(\.value, to: c, \.value)
    var writesToA = 0
    let token = observe(a, \.value) { _ in writesToA += 1 }
    a.value = 42
    #expect([a.value, b.value, c.value] == [42, 42, 42])
    #expect(writesToA == 1)
    c.value = 7
    #expect([a.value, b.value, c.value] == [7, 7, 7])
    _ = token
  }

  @Test func bindingAPropertyThatIsAlreadyBoundReplacesTheOldBinding() {
    let ada = Person(firstName: "Ada")
    let grace = Person(firstName: "Grace")
    let field = HeadlessTextField()
    let old = field.bind(\.text, to: ada, \.firstName)
    let new = field.bind(\.text, to: grace, \.firstName)
    #expect(!old.isBound)
    #expect(new.isBound)
    #expect(field.bindings.count == 1)
    #expect(field.binding(for: \.text) === new)
    ada.firstName = "Augusta"
    #expect(field.text == "Grace")
  }

  @Test func manyTargetsMayBindToOneSourceProperty() {
    let person = Person(firstName: "Ada")
    let fields = (0..<5).map { _ in HeadlessTextField() }
    for field in fields { field.bind(\.text, to: person, \.firstName) }
    person.firstName = "Grace"
    #expect(fields.allSatisfy { $0.text == "Grace" })
    fields[2].userDidEdit(text: "Edith")
    #expect(fields.allSatisfy { $0.text == "Edith" })
  }

  @Test func anUnboundBindingNeverActsAgain() {
    let person = Person(firstName: "Ada")
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: person, \.firstName)
    binding.unbind()
    #expect(!binding.isBound)
    person.firstName = "Grace"
    #expect(field.text == "Ada")
    field.userDidEdit(text: "Edith")
    #expect(person.firstName == "Grace")
    binding.unbind()  // twice: nothing
    #expect(field.bindings.isEmpty)
    #expect(person.keyValueRegistrar.observerCount == 0)
  }

  @Test func aBindingCanBeQueried() {
    let controller = PersonController(person: Person(firstName: "Ada"))
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: controller, \.person?.firstName)
    #expect(binding.source === controller)
    #expect(binding.target === field)
    #expect(binding.sourceKeyPath == \PersonController.person?.firstName)
    #expect(binding.targetKeyPath == \HeadlessTextField.text)
    #expect(binding.options.direction == nil)
    #expect(binding.isBound)
    let text = binding.description
    #expect(text.hasPrefix("HeadlessTextField.text ⇄ PersonController.person?.firstName (bound, "))
    #expect(text.contains("BindingTests.swift:"))
    binding.unbind()
    #expect(binding.description.contains("(unbound, "))
  }

  @Test func aBindingSetUnbindsItsBindingsTogether() {
    let controller = PersonController(person: Person(firstName: "Ada"))
    let first = HeadlessTextField()
    let last = HeadlessTextField()
    let set = BindingSet()
    first.bind(\.text, to: controller, \.person?.firstName).store(in: set)
    last.bind(\.text, to: controller, \.person?.lastName).store(in: set)
    #expect(set.boundCount == 2)
    set.unbind()
    #expect(set.bindings.isEmpty)
    controller.person?.firstName = "Grace"
    #expect(first.text == "Ada")
  }

  @Test func unbindingATargetPropertyEndsItsBinding() {
    let person = Person(firstName: "Ada")
    let field = HeadlessTextField()
    let binding = field.bind(\.text, to: person, \.firstName)
    field.unbind(\.text)
    #expect(!binding.isBound)
  }

  @Test func aNonOptionalSourceBindsToAnOptionalTarget() {
    let node = Node()
    let label = HeadlessLabel()
    label.bind(\.text, to: node, \.name)
    node.name = "x"
    #expect(label.text == "x")
  }

  @Test func switchesAndSlidersWriteUserEditsBack() {
    let model = Settings()
    let toggle = HeadlessSwitch()
    let slider = HeadlessSlider(minimumValue: 0, maximumValue: 10)
    toggle.bind(\.isOn, to: model, \.notifications)
    slider.bind(\.value, to: model, \.volume)
    toggle.userDidToggle()
    slider.userDidSlide(to: 42)
    #expect(model.notifications)
    #expect(model.volume == 10)
    model.volume = 3
    #expect(slider.value == 3)
  }

  @Test func aButtonsEnabledStateFollowsAnExpressionOfTheController() {
    let controller = PersonController()
    let save = HeadlessButton(title: "Save")
    let token = observe {
      controller.person != nil && !controller.isSaving
    } onChange: {
      save.isEnabled = $0
    }
    save.isEnabled = false
    controller.person = Person()
    #expect(save.isEnabled)
    controller.isSaving = true
    #expect(!save.isEnabled)
    _ = token
  }
  @Test func aPropertyBoundUnboundAndBoundAgainIsObservedOnceEachTime() {
    let source = Node()
    let target = Node()
    for round in 1...3 {
      let binding = target.bind(\.value, to: source, \.value)
      #expect(source.keyValueRegistrar.observerCount == 1)
      source.value = round
      #expect(target.value == round)
      binding.unbind()
      #expect(source.keyValueRegistrar.observerCount == 0)
      source.value = -round
      #expect(target.value == round, "an unbound binding writes nothing")
    }
  }
}

@KeyValueObservable
final class Settings {
  var notifications = false
  var volume = 0.0
}

@KeyValueObservable
class ReadingBase {
  var reading = 0
}

/// Overrides an inherited observable property with one computed from it and another property.
@KeyValueObservable
final class OffsetReading: ReadingBase {
  var offset = 0
  override var reading: Int {
    get { super.reading + offset }
    set { super.reading = newValue - offset }
  }
}

@KeyValueObservable
final class ReadingDial {
  var reading = 0
}
