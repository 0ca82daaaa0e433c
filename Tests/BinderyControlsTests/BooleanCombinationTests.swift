import Bindery
import BinderyControls
import Testing

@Suite("Boolean combination of the headless controls")
struct BooleanCombinationTests {
  /// What `Control` combines for its `isEnabled`, its `isHidden` and another property.
  private func rule<Control: BooleanCombining>(
    _ control: Control.Type,
    _ isEnabled: KeyPath<Control, Bool>,
    _ isHidden: KeyPath<Control, Bool>
  ) -> [BooleanCombination?] {
    [
      Control.booleanCombination(for: isEnabled),
      Control.booleanCombination(for: isHidden),
      Control.booleanCombination(for: \Control.keyValueRegistrar),
    ]
  }

  @Test func everyControlCombinesIsEnabledWithAndAndIsHiddenWithOr() {
    let expected: [BooleanCombination?] = [.and, .or, nil]
    #expect(rule(HeadlessButton.self, \HeadlessButton.isEnabled, \HeadlessButton.isHidden) == expected)
    #expect(rule(HeadlessLabel.self, \HeadlessLabel.isEnabled, \HeadlessLabel.isHidden) == expected)
    #expect(rule(HeadlessPopUpButton.self, \HeadlessPopUpButton.isEnabled, \HeadlessPopUpButton.isHidden) == expected)
    #expect(rule(HeadlessSlider.self, \HeadlessSlider.isEnabled, \HeadlessSlider.isHidden) == expected)
    #expect(rule(HeadlessStepper.self, \HeadlessStepper.isEnabled, \HeadlessStepper.isHidden) == expected)
    #expect(rule(HeadlessSwitch.self, \HeadlessSwitch.isEnabled, \HeadlessSwitch.isHidden) == expected)
    #expect(rule(HeadlessTextField.self, \HeadlessTextField.isEnabled, \HeadlessTextField.isHidden) == expected)
  }

  @Test func twoEnabledBindingsAreAndedAndTwoHiddenBindingsAreOred() {
    let model = Flags()
    let button = HeadlessButton()
    let tokens = [
      button.bind(\.isEnabled, to: model, \.first),
      button.bind(\.isEnabled, to: model, \.second),
      button.bind(\.isHidden, to: model, \.first),
      button.bind(\.isHidden, to: model, \.second),
    ]
    model.first = true
    #expect(!button.isEnabled)
    #expect(button.isHidden)
    model.second = true
    #expect(button.isEnabled)
    model.first = false
    model.second = false
    #expect(!button.isEnabled)
    #expect(!button.isHidden)
    tokens.forEach { $0.unbind() }
  }
}

@KeyValueObservable
private final class Flags {
  var first = false
  var second = false
}
