import Bindery
import BinderyControls
import Testing

@Suite("Target paths of several steps: the control at their end")
struct TargetChainControlTests {
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
