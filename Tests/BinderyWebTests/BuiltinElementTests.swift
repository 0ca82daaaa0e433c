import Bindery
import BinderyControls
import Testing

@testable import BinderyWeb

/// Bindery's own simple controls are described by the public ``WebElement`` an app's control uses,
/// and reach the page as the same elements as before.
@Suite("Built-in controls described as WebElements")
struct BuiltinElementTests {
  @Test func aSwitchIsACheckboxInputWithTheRoleSwitchInALabelAndItsCheckingIsTheEdit() {
    let element = HeadlessSwitch.webElement
    #expect(element.tag == "input")
    #expect(element.fixed.map(\.name) == ["type", "role"])
    #expect(element.fixed.map(\.value) == ["checkbox", "switch"])
    #expect(element.wrapper?.tag == "label")
    #expect(element.wrapper?.className == "switch")
    #expect(element.shown.map(\.key) == ["p:checked", "enabled", "hidden"])
    #expect(element.edits.map(\.event) == ["change"])
    #expect(element.edits.map(\.property) == ["checked"])
    #expect(element.problems.isEmpty)
  }

  @Test func aSwitchStyledAsACheckboxHasNoSwitchRoleAndTheCheckboxClass() {
    let element = HeadlessSwitch.checkboxWebElement
    #expect(element.fixed.map(\.name) == ["type"])
    #expect(element.wrapper?.className == "checkbox")
  }

  @Test func everyBuiltInDescriptionKeepsTheRulesAnAppsDescriptionKeeps() {
    #expect(HeadlessLabel.webElement.problems.isEmpty)
    #expect(HeadlessButton.webElement.problems.isEmpty)
    #expect(HeadlessSwitch.checkboxWebElement.problems.isEmpty)
    #expect(HeadlessSlider.webElement.problems.isEmpty)
    #expect(HeadlessStepper.webElement.problems.isEmpty)
    #expect(HeadlessPopUpButton.webElement.problems.isEmpty)
  }

  @Test func aPageOfBuiltInControlsSendsEachAsTheElementItsDescriptionNames() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared))
    let reset = try #require(await TestTab(host).hello())
    let greeting = try #require(reset.element("Greeting"))
    #expect(greeting["kind"] == "element")
    #expect(greeting["tag"] == "span")
    #expect(greeting["attrs"] == .object([("class", "label")]))
    #expect(greeting.prop("c:disabled") == false)
    let save = try #require(reset.element("Save"))
    #expect(save["tag"] == "button")
    #expect(save["attrs"] == .object([("type", "button")]))
    #expect(save.prop("text") == "Save")
    #expect(save.prop("focuses") == .null)
    #expect(save["actions"] == .array([.object([("event", "click")])]))
    let subscribe = try #require(reset.element("Subscribe"))
    #expect(subscribe["wrapper"] == .object([("tag", "label"), ("class", "switch")]))
    #expect(subscribe.prop("p:checked") == false)
    let volume = try #require(reset.element("Volume"))
    #expect(volume["attrs"] == .object([("type", "range"), ("step", "any")]))
    #expect(volume.prop("a:max") == .number(1))
    #expect(volume["edits"] == .array([.object([("event", "input"), ("read", "valueAsNumber")])]))
    let size = try #require(reset.element("Size"))
    #expect(size["tag"] == "select")
    #expect(size.prop("options") == .array(["S", "M", "L"]))
    #expect(size.prop("p:selectedIndex") == .number(0))
  }

  @Test func aButtonsClickIsItsActionAndAnIndexPastAPopUpsItemsIsTheWrongValue() async throws {
    let host = WebPageHost(page: makeProfilePage(sharing: .shared))
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Size", .number(3))
    await tab.action("Save")
    await tab.action("Save")
    let errors = await tab.messages().filter { $0["type"] == "error" }.map { $0["code"] }
    #expect(errors == ["wrongValueType", "disabled"])
  }
}
