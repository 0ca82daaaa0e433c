import Bindery
import BinderyControls
import BinderySpec
import BinderyTestKit
import Foundation
import Testing

@KeyValueObservable
final class SettingsModel {
  var name = "Ada"
  var isMuted = false
}

/// An owner as ILBinding's: it holds the model and the controls; the definition file names them by
/// key path from it.
@KeyValueObservable
final class SettingsController {
  var importancyValue = 0.5
  var slider = HeadlessSlider()
  var model: SettingsModel? = SettingsModel()
  var nameField = HeadlessTextField()
  var soundSwitch = HeadlessSwitch()
  var panel: SettingsPanel? = SettingsPanel()
}

@KeyValueObservable
final class SettingsPanel {
  var titleLabel = HeadlessLabel()
}

@Suite("Bindings sets")
struct BindingSetTests {
  @Test func aDefinitionFileBindsWithAnOwner() throws {
    let owner = SettingsController()
    let directory = try #require(Bundle.module.url(forResource: "Specs", withExtension: nil)).path
    let bindings = try BindingSet.load(named: "Settings", owner: owner, in: directory)
    #expect(bindings.bindings.count == 4)
    #expect(owner.slider.value == 0.5)
    owner.slider.userDidSlide(to: 0.8)
    #expect(owner.importancyValue == 0.8)
    #expect(owner.nameField.text == "Ada")
    owner.nameField.userDidEdit(text: "Grace")
    #expect(owner.model?.name == "Grace")
    #expect(owner.soundSwitch.isOn)  // not muted, through NegateBoolean
    owner.soundSwitch.userDidToggle()
    #expect(owner.model?.isMuted == true)
    #expect(owner.panel?.titleLabel.text == "Grace")  // a dotted target path, one-way
    bindings.unbind()
    owner.slider.userDidSlide(to: 0.1)
    #expect(owner.importancyValue == 0.8)
  }

  @Test func aSavedFileLoadsAndSavesAgainByteForByte() throws {
    let path = try #require(Bundle.module.url(forResource: "Specs/Settings.bindings", withExtension: "yaml")).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let definition = try BindingSetDefinition(contentsOf: path)
    #expect(definition.yaml == text)
    let again = try BindingSetDefinition(yaml: definition.yaml)
    #expect(again == definition)
    #expect(again.yaml == text)
  }

  @Test func definitionsMadeInCodeSaveAndLoadAsTheSame() throws {
    var definition = BindingSetDefinition()
    definition.bindings.append(
      BindingDefinition(source: "self", sourceKeyPath: "importancyValue", target: "slider", targetKeyPath: "value"))
    definition.bindings.append(
      BindingDefinition(
        source: "model", sourceKeyPath: "isMuted", target: "soundSwitch", targetKeyPath: "isOn", direction: .both,
        transformer: "NegateBoolean"))
    definition.bindings[0].direction = .sourceToTarget
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-\(UUID()).bindings.yaml").path
    try definition.write(to: file)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let loaded = try BindingSetDefinition(contentsOf: file)
    #expect(loaded == definition)
    #expect(loaded.yaml == (try String(contentsOfFile: file, encoding: .utf8)))
    let owner = SettingsController()
    let set = try loaded.bind(owner: owner)
    #expect(set.bindings.map(\.direction) == [.sourceToTarget, .both])
  }

  @Test(arguments: [
    (
      "bindings:\n- source: self\n  sourceKeyPath: importancyValu\n  target: slider\n  targetKeyPath: value\n",
      "SettingsController has no key \"importancyValu\"; did you mean \"importancyValue\"?", 3, 18,
      SpecError.Kind.unknownKey
    ),
    (
      "bindings:\n- source: modle\n  sourceKeyPath: name\n  target: nameField\n  targetKeyPath: text\n",
      "SettingsController has no key \"modle\"; did you mean \"model\"?", 2, 11, .unknownKey
    ),
    (
      "bindings:\n- source: self\n  sourceKeyPath: name\n  target: nameField\n  targetKeyPath: text\n",
      "SettingsController has no key \"name\"", 3, 18, .unknownKey
    ),
    (
      "bindings:\n- source: self\n  sourceKeyPath: importancyValue\n  target: nameField\n  targetKeyPath: text\n",
      "\"importancyValue\" is a Double, but the property bound to it is a String?", 3, 18, .typeMismatch
    ),
    (
      "bindings:\n- source: self\n  sourceKeyPath: importancyValue\n  target: slider\n  targetKeyPath: valu\n",
      "HeadlessSlider has no key \"valu\"; did you mean \"value\"?", 5, 18, .unknownKey
    ),
    (
      "bindings:\n- source: model\n  sourceKeyPath: isMuted\n  target: soundSwitch\n  targetKeyPath: isOn\n  transformer: Negate\n",
      "no transformer is registered as \"Negate\" (registered: CommaSeparatedList, IsEmpty, IsNil, IsNotEmpty, IsNotNil, NegateBoolean)",
      6, 16, .unknownTransformer
    ),
    (
      "bindings:\n- source: model\n  sourceKeyPath: name\n  target: soundSwitch\n  targetKeyPath: isOn\n  transformer: NegateBoolean\n",
      "the transformer NegateBoolean takes a Bool, but name is a String", 6, 16, .typeMismatch
    ),
    (
      "bindings:\n- source: self\n  sourceKeyPath: importancyValue\n  target: slider\n  targetKeyPath: value\n  direction: sideways\n",
      "unknown direction \"sideways\" (use both, sourceToTarget, targetToSource)", 6, 14, .structure
    ),
    (
      "bindings:\n- source: self\n  sourceKeyPath: importancyValue\n  target: slider\n",
      "this binding has no targetKeyPath", 2, 3, .structure
    ),
    (
      "bindings:\n- source: self\n  via: x\n  sourceKeyPath: importancyValue\n  target: slider\n  targetKeyPath: value\n",
      "unknown field \"via\" (use source, sourceKeyPath, target, targetKeyPath, displayPattern, patternKeyPaths, direction, "
        + "transformer, "
        + "numberFormatter, dateFormatter, measurementFormatter, editingTransformer, validator, updatesContinuously, conditionallySetsEnabled, traced, pacing, nullPlaceholder, "
        + "noSelectionPlaceholder, multipleValuesPlaceholder, notApplicablePlaceholder)", 3, 3, .structure
    ),
    ("bindings: {a: 1}\n", "bindings must be a list", 1, 11, .structure),
    (
      "bindings:\n- [1]\n",
      "a binding is a mapping of source, sourceKeyPath, target, targetKeyPath, displayPattern, patternKeyPaths, "
        + "direction, transformer, "
        + "numberFormatter, dateFormatter, measurementFormatter, editingTransformer, validator, updatesContinuously, conditionallySetsEnabled, traced, pacing, nullPlaceholder, "
        + "noSelectionPlaceholder, multipleValuesPlaceholder, notApplicablePlaceholder", 2, 3, .structure
    ),
    (
      "bindings:\n- source: 'self\n", "YAML: found unexpected end of stream while scanning a quoted scalar", 3, 1, .yaml
    ),
  ])
  func aBadDefinitionIsATypedErrorWithItsLocationAndBindsNothing(
    yaml: String, message: String, line: Int, column: Int, kind: SpecError.Kind
  ) {
    let owner = SettingsController()
    do {
      let set = try BindingSetDefinition(yaml: yaml, file: "Settings.bindings.yaml").bind(owner: owner)
      Issue.record("bound \(set.bindings)")
    } catch {
      #expect(error.errors.first?.message == message)
      #expect(error.errors.first?.line == line)
      #expect(error.errors.first?.column == column)
      #expect(error.errors.first?.kind == kind)
    }
    #expect(owner.slider.bindings.isEmpty && owner.nameField.bindings.isEmpty && owner.soundSwitch.bindings.isEmpty)
    #expect(owner.keyValueRegistrar.observerCount == 0)
  }

  @Test func aNilObjectOnTheWayIsReportedAndNothingIsBound() {
    let owner = SettingsController()
    owner.model = nil
    let definition = BindingSetDefinition(bindings: [
      BindingDefinition(source: "self", sourceKeyPath: "importancyValue", target: "slider", targetKeyPath: "value"),
      BindingDefinition(source: "model", sourceKeyPath: "name", target: "nameField", targetKeyPath: "text"),
    ])
    #expect(throws: SpecLoadError.self) { try definition.bind(owner: owner) }
    #expect(owner.slider.bindings.isEmpty)
    #expect(owner.slider.value == 0)
  }
}
