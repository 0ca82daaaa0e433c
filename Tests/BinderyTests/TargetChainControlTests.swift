import Bindery
import BinderyControls
import Testing

@Suite("Target paths of several steps: the control at their end")
struct TargetChainControlTests {
  @Test(
    "conditionallySetsEnabled enables the control at the end of the path, and a replaced control gets the state at once while the old one is left alone"
  )
  func conditionalEnablingFollowsTheControlAtTheEndOfThePath() {
    let owner = EnablingOwner()
    let controller = SeedController()
    let first = controller.field
    controller.bind(\.field.text, to: owner, \.person?.name, options: BindingOptions(conditionallySetsEnabled: true))
    #expect(first.text == "Ada")
    #expect(first.isEnabled)
    owner.person = nil
    #expect(!first.isEnabled, "the control at the end of the path is disabled, not the target object")

    let second = HeadlessTextField()
    controller.field = second
    #expect(!second.isEnabled, "the control the path reaches now gets the enabled state at once")
    owner.person = EnablingPerson()
    #expect(second.isEnabled)
    #expect(!first.isEnabled, "the control left is no longer enabled by the binding")
    #expect(second.text == "Ada")
  }

  @Test("conditionallySetsEnabled through an optional control: the control that comes back gets the enabled state")
  func conditionalEnablingThroughAnOptionalControl() {
    let owner = EnablingOwner()
    let controller = SeedController()
    controller.bind(\.optionalField?.text, to: owner, \.title, options: BindingOptions(conditionallySetsEnabled: true))
    let field = HeadlessTextField()
    field.isEnabled = false
    controller.optionalField = field
    #expect(field.text == "Ada")
    #expect(field.isEnabled, "the control the path reaches now is enabled: its source resolves")
    controller.optionalField = nil
    field.isEnabled = false
    owner.title = "Grace"
    #expect(!field.isEnabled, "the control that left is not written")
    #expect(field.text == "Ada")
  }

  @Test("a control left by the path is released: neither the binding nor its enabling input keeps it")
  func theControlLeftIsReleased() {
    let owner = EnablingOwner()
    let controller = SeedController()
    weak var left: HeadlessTextField?
    weak var hidden: HeadlessTextField?
    do {
      let first = HeadlessTextField()
      left = first
      controller.field = first
      controller.bind(
        \.field.text, to: owner, \.person?.name, options: BindingOptions(conditionallySetsEnabled: true))
      let other = HeadlessTextField()
      hidden = other
      controller.optionalField = other
      controller.bind(\.optionalField?.isHidden, to: owner, \.isSaving)
      controller.field = HeadlessTextField()
      controller.optionalField = HeadlessTextField()
    }
    #expect(left == nil)
    #expect(hidden == nil)
    owner.person = nil
    #expect(!controller.field.isEnabled)
  }

  @Test("two bindings of a combining property at the end of a path combine there, and follow a replaced control")
  func combinedInputsAtTheEndOfAPathFollowTheControl() {
    let owner = EnablingOwner()
    let controller = SeedController()
    let first = controller.field
    controller.bind(\.field.isHidden, to: owner, \.isSaving)
    controller.bind(\.field.isHidden, to: owner, \.isLocked)
    #expect(!first.isHidden)
    owner.isSaving = true
    #expect(first.isHidden, "isHidden combines its inputs with OR on the control the path reaches")
    owner.isSaving = false
    owner.isLocked = true
    #expect(first.isHidden)

    let second = HeadlessTextField()
    controller.field = second
    #expect(second.isHidden, "the control the path reaches now gets the combined value at once")
    owner.isLocked = false
    #expect(!second.isHidden)
    #expect(first.isHidden, "the control left is no longer written")
    #expect(controller.bindings.count == 2)
  }

  @Test("a pattern bound to a path of several steps shows its text in a replaced control at once, not in the old one")
  func aPatternFollowsTheTargetPath() throws {
    let owner = EnablingOwner()
    let controller = SeedController()
    weak var left: HeadlessTextField?
    do {
      let first = controller.field
      left = first
      try controller.bind(
        \.field.text,
        to: .pattern("%{value1}@ (%{value2}@)", .keyPath(owner, \.person?.name), .keyPath(owner, \.isLocked)))
      #expect(first.text == "Ada (false)")

      let second = HeadlessTextField()
      controller.field = second
      #expect(second.text == "Ada (false)", "the control the path reaches now shows the text at once")
      owner.isLocked = true
      #expect(second.text == "Ada (true)")
      #expect(first.text == "Ada (false)", "the control left is no longer written")
      #expect(first.keyValueRegistrar.observerCount == 0, "nor observed")
      #expect(controller.binding(for: \.field.text) != nil)
    }
    #expect(left == nil, "nor kept")
    controller.field = HeadlessTextField()
    #expect(controller.field.text == "Ada (true)")
  }
}

@KeyValueObservable
private final class EnablingPerson {
  var name = "Ada"
}

@KeyValueObservable
private final class EnablingOwner {
  var person: EnablingPerson? = EnablingPerson()
  var title = "Ada"
  var isSaving = false
  var isLocked = false
}
