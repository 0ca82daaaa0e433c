import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import Testing

/// A container of another front end, with its own subviews.
@KeyValueObservable
final class Stack: SubviewContaining, KeyValueInstantiable {
  var subviews: [AnyObject] = []
  static var instantiableNames: [String] { ["Stack"] }
  init() {}
}

/// An object whose `view` is a front end's own container.
@KeyValueObservable
final class Screen: KeyValueInstantiable {
  var view: Stack?
  var title = ""
  static var instantiableNames: [String] { ["Screen"] }
  init() {}
}

@Suite("Spec classes registered by the modules that own them")
struct SpecRegistrationTests {
  let yaml = """
    Name:
      class: TextField
    Count:
      class: UIStepper
    Size:
      class: PopUpButton
    Box:
      class: View
    """

  @Test func aRegistryKnowsNoControlUntilTheControlsModuleRegistersThem() throws {
    let empty = SpecClassRegistry()
    #expect(empty.entry(named: "TextField") == nil)
    let error = #expect(throws: SpecLoadError.self) { try SpecFile.load(yaml: yaml, classes: empty) }
    #expect(error?.errors.first?.kind == .unknownClass)
    #expect(error?.errors.first?.line == 2)

    let registry = SpecClassRegistry()
    registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
    let objects = try SpecFile.load(yaml: yaml, classes: registry)
    #expect(objects.object(named: "Name", as: HeadlessTextField.self) != nil)
    #expect(objects.object(named: "Count", as: HeadlessStepper.self) != nil)
    #expect(objects.object(named: "Size", as: HeadlessPopUpButton.self) != nil)
    #expect(objects.object(named: "Box", as: HeadlessView.self) != nil)
  }

  @Test func everyHeadlessControlIsRegisteredUnderItsSpecAndUIKitNames() {
    let registry = SpecClassRegistry()
    registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
    for name in [
      "TextField", "UITextField", "Label", "UILabel", "Switch", "UISwitch", "Slider", "UISlider", "Stepper",
      "UIStepper", "PopUpButton", "NSPopUpButton", "Button", "UIButton", "View", "UIView", "ListView",
      "UITableView", "NSTableView", "TableView",
    ] {
      #expect(registry.names.contains(name), "\(name)")
    }
    #expect(registry.entry(named: "UILabel")?.make() is HeadlessLabel)
  }

  @Test func aFrontEndsOwnContainerTakesAViewsSubviews() throws {
    let registry = SpecClassRegistry()
    registry.register(HeadlessControls.classes)
    registry.register([Screen.self, Stack.self])
    let objects = try SpecFile.load(
      yaml: """
        Name:
          class: Label
        Main:
          class: Screen
          view:
            subviews: [/Name]
        """, classes: registry)
    let screen = try #require(objects.object(named: "Main", as: Screen.self))
    #expect(screen.view?.subviews.first === objects["Name"])
  }

  @Test func aViewKeyOnAPropertyThatHoldsNoContainerIsATypedError() {
    let registry = SpecClassRegistry()
    registry.register(HeadlessControls.classes)
    let error = #expect(throws: SpecLoadError.self) {
      try SpecFile.load(
        yaml: """
          Name:
            class: TextField
            view:
              subviews: []
          """, classes: registry)
    }
    #expect(error?.errors.first?.kind == .unknownKey)
  }
}
