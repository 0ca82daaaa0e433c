import Bindery
import BinderyControls
import BinderyTestKit
import Testing

@Suite("Headless controls")
struct ControlTests {
  @Test func aUserEditIsReportedButAProgrammaticSetIsNot() {
    let field = HeadlessTextField()
    var userEdits: [String] = []
    var changes: [String?] = []
    let token = observe(field, \.text) { changes.append($0.newValue) }
    let model = Holder()
    field.bind(\.text, to: model, \.value)
    let editToken = observe(model, \.value) { userEdits.append($0.newValue) }
    field.text = "code"
    field.userDidEdit(text: "user")
    #expect(changes == ["", "code", "user"])  // "" is the model's value, pushed on bind
    #expect(userEdits == ["user"])
    _ = (token, editToken)
  }

  @Test func aDisabledOrHiddenControlIgnoresTheUser() {
    let field = HeadlessTextField(text: "a")
    field.isEnabled = false
    #expect(!field.userDidEdit(text: "b"))
    #expect(field.text == "a")
    field.isEnabled = true
    field.isHidden = true
    #expect(!field.userDidEdit(text: "b"))
    let toggle = HeadlessSwitch()
    toggle.isEnabled = false
    #expect(!toggle.userDidToggle())
    #expect(!toggle.isOn)
    var taps = 0
    let button = HeadlessButton(title: "Go") { taps += 1 }
    button.isEnabled = false
    #expect(!button.userDidTap())
    button.isEnabled = true
    #expect(button.userDidTap())
    #expect(taps == 1)
  }

  @Test func aSliderClampsUserValuesAndRejectsNaN() {
    let slider = HeadlessSlider(value: 0.5, minimumValue: 1, maximumValue: 0)
    #expect(slider.minimumValue == 0)
    #expect(slider.maximumValue == 1)
    slider.userDidSlide(to: 7)
    #expect(slider.value == 1)
    slider.userDidSlide(to: -3)
    #expect(slider.value == 0)
    #expect(!slider.userDidSlide(to: .nan))
    #expect(slider.value == 0)
  }

  @Test func aControlsEnabledStateCanBeBound() {
    let model = Holder()
    let field = HeadlessTextField()
    let label = HeadlessLabel()
    field.bind(\.isEnabled, to: model, \.isEditable)
    label.bind(\.isHidden, to: model, \.isEditable)
    model.isEditable = false
    #expect(!field.isEnabled)
    #expect(!label.isHidden)
    model.isEditable = true
    #expect(field.isEnabled)
    #expect(label.isHidden)
  }

  // The two-way binding article's own test cases (seed 004), with Bindery's API.

  @Test func observableStringChangesAreDeliveredInitialThenChanged() {
    // testObservableStringChanges: results == ["tests", "changed"]
    let text = Holder()
    text.value = "tests"
    var results: [String] = []
    let token = observe(text, \.value, options: .initial) { results.append($0.newValue) }
    text.value = "changed"
    #expect(results == ["tests", "changed"])
    _ = token
  }

  @Test func aTextFieldEditUpdatesTheBoundValue() {
    // testTFChange: text.bind(…, to: testTF, \.text); testTF.text = "test"; sendActions(.editingChanged)
    let text = Holder()
    text.value = "tests"
    let field = HeadlessTextField()
    field.bind(\.text, to: text, \.value)
    field.userDidEdit(text: "test")
    #expect(text.value == "test")
  }

  @Test func updatingTheModelSetsTheFieldOncePerValue() {
    // testMakeBinding: results == ["tests", "test"]
    let text = Holder()
    text.value = "tests"
    let field = HeadlessTextField()
    var results: [String?] = []
    let token = observe(field, \.text) { results.append($0.newValue) }
    field.bind(\.text, to: text, \.value)
    text.value = "test"
    #expect(results == ["tests", "test"])
    _ = token
  }

  @Test func aSwitchBoundToABooleanShowsItAsTextThroughAClosure() {
    // The article's Mappers.transformBoolToStringFunction, as a tracked observation.
    let model = Holder()
    let label = HeadlessLabel()
    let token = observe {
      String(model.isEditable)
    } onChange: {
      label.text = $0
    }
    model.isEditable = false
    #expect(label.text == "false")
    _ = token
  }
}

@KeyValueObservable
final class Holder {
  var value = ""
  var isEditable = true
}
