import Bindery
import BinderyControls
import BinderyFormatters
import BinderySpec
import Foundation
import Testing

@KeyValueObservable
final class ProfileModel {
  var name = "Ada"
  var nickname: String?
  var age = 36
  var rating: Double? = 4
}

/// An owner whose profile may be missing, to show placeholders and conditional enabling.
@KeyValueObservable
final class ProfileController {
  var profile: ProfileModel? = ProfileModel()
  var nameField = HeadlessTextField()
  var ageField = HeadlessTextField()
  var nicknameLabel = HeadlessLabel()
  var slider = HeadlessSlider()
  var volume = 0.5
  var balance = 1234.5
  var balanceField = HeadlessTextField()
  var distance = Measurement(value: 5, unit: UnitLength.kilometers)
  var distanceField = HeadlessTextField()
}

/// An age as "36 years", read back with or without the unit.
struct YearsText: BindingTransformer, Sendable {
  func transform(_ value: Int) -> String { "\(value) years" }
  func reverseTransform(_ value: String) throws -> Int {
    guard let years = Int(value.hasSuffix(" years") ? String(value.dropLast(6)) : value) else { throw BlankText() }
    return years
  }
  var isReversible: Bool { true }
}

/// An age as digits only: the editing form.
struct YearsDigits: BindingTransformer, Sendable {
  func transform(_ value: Int) -> String { "\(value)" }
  func reverseTransform(_ value: String) throws -> Int {
    guard let years = Int(value) else { throw BlankText() }
    return years
  }
  var isReversible: Bool { true }
}

struct BlankText: Error {}

/// A registry with the transformers and the validator the definitions of these tests name.
private func profileRegistry() -> BindingTransformerRegistry {
  let registry = BindingTransformerRegistry()
  registry.registerTextFormats()
  registry.register(YearsText(), named: "YearsText")
  registry.register(YearsDigits(), named: "YearsDigits")
  registry.register(
    validator: { (text: String) in if text.trimmingCharacters(in: .whitespaces).isEmpty { throw BlankText() } },
    named: "NotBlank")
  return registry
}

private func definition(_ fields: String) -> String {
  "bindings:\n- source: self\n" + fields
}

@Suite("Bindings sets with every option")
struct BindingSetOptionTests {
  @Test func anEditThatUpdatesOnCommitReachesTheModelOnlyAtTheEndOfEditing() throws {
    let owner = ProfileController()
    let set = try BindingSetDefinition(
      yaml: definition(
        "  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n  updatesContinuously: false\n")
    ).bind(owner: owner, transformers: profileRegistry())
    owner.nameField.userDidBeginEditing()
    owner.nameField.userDidEdit(text: "Grace")
    #expect(owner.profile?.name == "Ada")
    owner.nameField.userDidEndEditing()
    #expect(owner.profile?.name == "Grace")
    set.unbind()
  }

  @Test func aValidatorsRejectionShowsAtTheFieldAndLeavesTheModelUnchanged() throws {
    let owner = ProfileController()
    let set = try BindingSetDefinition(
      yaml: definition(
        "  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n  validator: NotBlank\n")
    ).bind(owner: owner, transformers: profileRegistry())
    owner.nameField.userDidEdit(text: "  ")
    #expect(owner.profile?.name == "Ada")
    #expect(owner.nameField.validationError != nil)
    owner.nameField.userDidEdit(text: "Grace")
    #expect(owner.profile?.name == "Grace")
    #expect(owner.nameField.validationError == nil)
    set.unbind()
  }

  @Test func placeholdersAreShownForNilAndForAMissingObjectOnTheWay() throws {
    let owner = ProfileController()
    let set = try BindingSetDefinition(
      yaml: definition(
        "  sourceKeyPath: profile.nickname\n  target: nicknameLabel\n  targetKeyPath: text\n"
          + "  nullPlaceholder: —\n  notApplicablePlaceholder: No profile\n")
    ).bind(owner: owner, transformers: profileRegistry())
    #expect(owner.nicknameLabel.text == "—")
    owner.profile?.nickname = "Countess"
    #expect(owner.nicknameLabel.text == "Countess")
    owner.profile = nil
    #expect(owner.nicknameLabel.text == "No profile")
    set.unbind()
  }

  @Test func aPlaceholderOfAPropertyThatIsNotTextIsAConstantOfItsType() throws {
    let owner = ProfileController()
    let text = definition(
      "  sourceKeyPath: profile.rating\n  target: slider\n  targetKeyPath: value\n"
        + "  nullPlaceholder: 0\n  notApplicablePlaceholder: 2.5\n")
    let read = try BindingSetDefinition(yaml: text)
    #expect(read.yaml == text)
    let set = try read.bind(owner: owner, transformers: profileRegistry())
    #expect(owner.slider.value == 4)
    owner.profile?.rating = nil
    #expect(owner.slider.value == 0)
    owner.profile = nil
    #expect(owner.slider.value == 2.5)
    set.unbind()
  }

  @Test func aDisplayPatternFillsTheTargetWithEveryKeyPathAndSavesBackByteForByte() throws {
    let owner = ProfileController()
    let text = definition(
      "  sourceKeyPath: profile.name\n  target: nicknameLabel\n  targetKeyPath: text\n"
        + "  displayPattern: '%{value1}@ (%{value2}@), aka %{value3}@'\n"
        + "  patternKeyPaths: [profile.age, profile.nickname]\n  nullPlaceholder: nobody\n")
    let read = try BindingSetDefinition(yaml: text)
    #expect(read.bindings.first?.patternKeyPaths == ["profile.age", "profile.nickname"])
    #expect(read.yaml == text)
    let set = try read.bind(owner: owner, transformers: profileRegistry())
    #expect(owner.nicknameLabel.text == "Ada (36), aka nobody")
    #expect(set.bindings.map(\.location) == ["<bindings>:3:18"])
    owner.profile?.nickname = "Countess"
    owner.profile?.age = 37
    #expect(owner.nicknameLabel.text == "Ada (37), aka Countess")
    set.unbind()
    #expect(owner.profile?.keyValueRegistrar.observerCount == 0)
  }

  @Test func aPatternsFieldProblemsAreReportedWhereTheyAre() {
    let yaml =
      definition(
        "  sourceKeyPath: profile.name\n  target: nicknameLabel\n  targetKeyPath: text\n"
          + "  displayPattern: '%{value1}@ %{value3}@'\n  patternKeyPaths: [profile.age]\n"
          + "  validator: NotBlank\n  updatesContinuously: false\n")
      + "- source: self\n  sourceKeyPath: profile.name\n  target: nicknameLabel\n  targetKeyPath: text\n"
      + "  patternKeyPaths: [profile.age]\n"
    #expect {
      try BindingSetDefinition(yaml: yaml, file: "Pattern.bindings.yaml")
    } throws: { error in
      (error as? SpecLoadError)?.errors.map { "\($0.line):\($0.column) \($0.message)" } == [
        "6:31 %{value3}@ has no input (2 given)",
        "8:3 a pattern binding only shows its values: validator does not apply (it is read-only)",
        "9:3 a pattern binding only shows its values: updatesContinuously does not apply (it is read-only)",
        "14:3 patternKeyPaths are the values of a displayPattern, which is missing",
      ]
    }
  }

  @Test func aPatternsRulesHoldForDefinitionsMadeInCode() {
    let owner = ProfileController()
    var pattern = BindingDefinition(
      source: "self", sourceKeyPath: "profile.name", target: "nicknameLabel", targetKeyPath: "text",
      displayPattern: "%{value1}@", direction: .both)
    let keyPathsOnly = BindingDefinition(
      source: "self", sourceKeyPath: "profile.name", target: "nicknameLabel", targetKeyPath: "text",
      patternKeyPaths: ["profile.age"])
    #expect {
      try BindingSetDefinition(bindings: [pattern, keyPathsOnly]).bind(owner: owner, transformers: profileRegistry())
    } throws: { error in
      (error as? SpecLoadError)?.errors.map(\.message) == [
        "a pattern binding only shows its values: direction does not apply (it is read-only)",
        "patternKeyPaths are the values of a displayPattern, which is missing",
      ]
    }
    #expect(owner.nicknameLabel.bindings.isEmpty)
    pattern.direction = .sourceToTarget
    #expect(throws: Never.self) {
      try BindingSetDefinition(bindings: [pattern]).bind(owner: owner, transformers: profileRegistry())
    }
    #expect(owner.nicknameLabel.text == "Ada")
  }

  @Test func aPatternsKeyPathsAndTargetAreCheckedWithTheOwnerAndNothingIsBound() throws {
    let owner = ProfileController()
    let yaml =
      definition(
        "  sourceKeyPath: profile.name\n  target: nicknameLabel\n  targetKeyPath: text\n"
          + "  displayPattern: '%{value1}@ is %{value2}@'\n  patternKeyPaths: [profile.age, profile.agge]\n")
      + "- source: self\n  sourceKeyPath: profile.name\n  target: slider\n  targetKeyPath: value\n"
      + "  displayPattern: '%{value1}@'\n"
    let read = try BindingSetDefinition(yaml: yaml, file: "Pattern.bindings.yaml")
    do {
      let set = try read.bind(owner: owner, transformers: profileRegistry())
      Issue.record("bound \(set.bindings)")
    } catch {
      #expect(
        error.errors.map { "\($0.line):\($0.column) \($0.message)" } == [
          "7:42 ProfileModel has no key \"agge\"; did you mean \"age\"?",
          "11:18 a pattern makes text, but the property value of HeadlessSlider is a Double",
        ])
    }
    #expect(owner.nicknameLabel.bindings.isEmpty && owner.slider.bindings.isEmpty)
    #expect(owner.profile?.keyValueRegistrar.observerCount == 0)
  }

  @Test func aMeasurementFormatterMadeFromSettingsShowsTheUnitAndSavesBack() throws {
    let owner = ProfileController()
    let text = definition(
      "  sourceKeyPath: distance\n  target: distanceField\n  targetKeyPath: text\n  measurementFormatter:\n"
        + "    locale: en_US\n    maximumFractionDigits: 1\n    unit: mi\n")
    let read = try BindingSetDefinition(yaml: text)
    #expect(read.yaml == text)
    let set = try read.bind(owner: owner, transformers: profileRegistry())
    #expect(owner.distanceField.text == "3.1\u{00A0}mi")
    owner.distanceField.userDidEdit(text: "10 km")
    #expect(owner.distance.converted(to: .kilometers).value == 10)
    set.unbind()
  }

  @Test func aConditionallyEnabledFieldIsDisabledWhileItsSourceIsNotApplicable() throws {
    let owner = ProfileController()
    let set = try BindingSetDefinition(
      yaml: definition(
        "  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n  conditionallySetsEnabled: true\n")
    ).bind(owner: owner, transformers: profileRegistry())
    #expect(owner.nameField.isEnabled)
    owner.profile = nil
    #expect(!owner.nameField.isEnabled)
    owner.profile = ProfileModel()
    #expect(owner.nameField.isEnabled)
    set.unbind()
  }

  @Test func aTracedDefinitionMakesATracedBindingThatRecordsWhileRecordingIsOffAndSavesBack() throws {
    let owner = ProfileController()
    let text = definition("  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n  traced: true\n")
    let read = try BindingSetDefinition(yaml: text)
    #expect(read.bindings.first?.isTraced == true)
    #expect(read.yaml == text)
    let set = try read.bind(owner: owner, transformers: profileRegistry())
    let binding = try #require(set.bindings.first)
    #expect(binding.options.isTraced)
    #expect(binding.info.options.contains("isTraced: true"))
    owner.profile?.name = "Grace"
    let cause = try #require(BindingDiagnostics.cause(of: owner.nameField, \.text))
    #expect(cause.isTraced)
    #expect(cause.value == "\"Grace\"")
    set.unbind()
    #expect(throws: (any Error).self) {
      try BindingSetDefinition(
        yaml: definition("  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n  traced: maybe\n")
      )
    }
  }

  @Test func aFileWithEveryOptionShowsTheEditingFormWhileTheUserEdits() throws {
    let owner = ProfileController()
    let directory = try #require(Bundle.module.url(forResource: "Specs", withExtension: nil)).path
    let set = try BindingSet.load(named: "Profile", owner: owner, in: directory, transformers: profileRegistry())
    #expect(set.bindings.map(\.direction) == [.both, .both])
    #expect(owner.ageField.text == "36 years")
    owner.ageField.userDidBeginEditing()
    #expect(owner.ageField.text == "36")
    owner.ageField.userDidEdit(text: "37")
    #expect(owner.profile?.age == 36)  // on commit
    owner.ageField.userDidEndEditing()
    #expect(owner.profile?.age == 37)
    #expect(owner.ageField.text == "37 years")
    owner.profile = nil
    #expect(owner.ageField.text == "No profile")
    #expect(!owner.ageField.isEnabled)
    set.unbind()
  }

  @Test func aFileWithEveryOptionLoadsAndSavesBackByteForByte() throws {
    let path = try #require(Bundle.module.url(forResource: "Specs/Profile.bindings", withExtension: "yaml")).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let loaded = try BindingSetDefinition(contentsOf: path)
    let made = BindingDefinition(
      source: "self", sourceKeyPath: "profile.age", target: "ageField", targetKeyPath: "text", direction: .both,
      transformer: "YearsText", editingTransformer: "YearsDigits", validator: "NotBlank", updatesContinuously: false,
      conditionallySetsEnabled: true, nullPlaceholder: "—", noSelectionPlaceholder: "No Selection",
      multipleValuesPlaceholder: "Multiple Values", notApplicablePlaceholder: "No profile")
    let formatted = BindingDefinition(
      source: "self", sourceKeyPath: "balance", target: "balanceField", targetKeyPath: "text",
      numberFormatter: ["locale": "en_US", "maximumFractionDigits": "2"])
    #expect(loaded.bindings == [made, formatted])
    #expect(loaded.yaml == text)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-\(UUID()).bindings.yaml").path
    try loaded.write(to: file)
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
  }

  @Test func aFormatterMadeFromSettingsShowsAndReadsBackTheNumber() throws {
    let owner = ProfileController()
    let set = try BindingSetDefinition(
      yaml: definition(
        "  sourceKeyPath: balance\n  target: balanceField\n  targetKeyPath: text\n"
          + "  numberFormatter: {locale: en_US, maximumFractionDigits: 2}\n")
    ).bind(owner: owner, transformers: profileRegistry())
    #expect(owner.balanceField.text == "1,234.5")
    owner.balanceField.userDidEdit(text: "2,000.25")
    #expect(owner.balance == 2000.25)
    owner.balanceField.userDidEdit(text: "lots")
    #expect(owner.balance == 2000.25)
    #expect(owner.balanceField.validationError != nil)
    set.unbind()
  }

  @Test func aBadFormatterSettingIsReportedAtItsValue() {
    let owner = ProfileController()
    let yaml = definition(
      "  sourceKeyPath: balance\n  target: balanceField\n  targetKeyPath: text\n"
        + "  numberFormatter:\n    numberStyle: decimal\n    locale: xx_NOWHERE\n  transformer: YearsText\n")
    #expect {
      try BindingSetDefinition(yaml: yaml)
    } throws: { error in
      (error as? SpecLoadError)?.errors.map { "\($0.line):\($0.column) \($0.message)" } == [
        "9:3 a binding takes one of transformer, numberFormatter, dateFormatter, measurementFormatter"
      ]
    }
    do {
      let set = try BindingSetDefinition(yaml: yaml.replacingOccurrences(of: "  transformer: YearsText\n", with: ""))
        .bind(owner: owner, transformers: profileRegistry())
      Issue.record("bound \(set.bindings)")
    } catch {
      #expect(
        error.errors.map { "\($0.line):\($0.column) \($0.kind) \($0.message)" } == [
          "8:13 expression numberFormatter: no locale is named \"xx_NOWHERE\""
        ])
    }
    #expect(owner.balanceField.bindings.isEmpty && owner.keyValueRegistrar.observerCount == 0)
  }

  @Test func onlyTheFieldsThatAreSetAreWrittenInAFixedOrder() throws {
    var binding = BindingDefinition(
      source: "self", sourceKeyPath: "profile.name", target: "nameField", targetKeyPath: "text")
    binding.nullPlaceholder = ""
    binding.updatesContinuously = true
    binding.validator = "NotBlank"
    let yaml = BindingSetDefinition(bindings: [binding]).yaml
    #expect(
      yaml
        == "bindings:\n- source: self\n  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n"
        + "  validator: NotBlank\n  updatesContinuously: true\n  nullPlaceholder: ''\n")
    let again = try BindingSetDefinition(yaml: yaml)
    #expect(again.bindings == [binding])
    #expect(again.yaml == yaml)
  }

  @Test func fieldsThatAreUnknownOrNotWellFormedAreAllReportedWithTheirPlaces() {
    let fields =
      "source, sourceKeyPath, target, targetKeyPath, displayPattern, patternKeyPaths, direction, transformer, "
      + "numberFormatter, dateFormatter, measurementFormatter, "
      + "editingTransformer, validator, "
      + "updatesContinuously, conditionallySetsEnabled, traced, pacing, nullPlaceholder, noSelectionPlaceholder, "
      + "multipleValuesPlaceholder, notApplicablePlaceholder"
    let yaml = definition(
      "  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n  updatesContinuously: maybe\n"
        + "  placeholder: none\n  conditionallySetsEnabled: yes\n")
    #expect {
      try BindingSetDefinition(yaml: yaml, file: "Profile.bindings.yaml")
    } throws: { error in
      let errors = (error as? SpecLoadError)?.errors ?? []
      return errors.map { "\($0.line):\($0.column) \($0.kind) \($0.message)" } == [
        "6:24 structure updatesContinuously takes true or false, not \"maybe\"",
        "7:3 structure unknown field \"placeholder\" (use \(fields))",
        "8:29 structure conditionallySetsEnabled takes true or false, not \"yes\"",
      ]
    }
  }

  @Test func unknownNamesAndAPlaceholderThePropertyCannotShowAreAllReportedAndNothingIsBound() {
    let owner = ProfileController()
    let yaml =
      definition(
        "  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n  validator: NotEmpty\n"
          + "  editingTransformer: Digits\n")
      + "- source: self\n  sourceKeyPath: profile.age\n  target: ageField\n  targetKeyPath: text\n"
      + "  transformer: Years\n"
      + "- source: self\n  sourceKeyPath: profile.name\n  target: nicknameLabel\n  targetKeyPath: text\n"
      + "- source: self\n  sourceKeyPath: volume\n  target: slider\n  targetKeyPath: value\n"
      + "  nullPlaceholder: none\n"
    do {
      let set = try BindingSetDefinition(yaml: yaml, file: "Profile.bindings.yaml")
        .bind(owner: owner, transformers: profileRegistry())
      Issue.record("bound \(set.bindings)")
    } catch {
      #expect(
        error.errors.map { "\($0.line):\($0.column) \($0.kind)" } == [
          "6:14 unknownValidator", "7:23 unknownTransformer", "12:16 unknownTransformer", "21:20 typeMismatch",
        ])
      #expect(error.errors.last?.message == "nullPlaceholder must be a value of the property's type, Double")
    }
    #expect(owner.nameField.bindings.isEmpty && owner.ageField.bindings.isEmpty)
    #expect(owner.nicknameLabel.bindings.isEmpty && owner.slider.bindings.isEmpty)
    #expect(owner.keyValueRegistrar.observerCount == 0)
    #expect(owner.profile?.keyValueRegistrar.observerCount == 0)
  }

  @Test func loadingAFileReportsTheProblemsOfItsFieldsAndOfItsBindingsTogetherAndBindsNothing() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try
      (definition("  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n  validator: NotEmpty\n")
      + "- source: self\n  sourceKeyPath: profile.nickname\n  target: nicknameLabel\n  targetKeyPath: text\n"
      + "  updatesContinuously: maybe\n"
      + "- source: self\n  sourceKeyPath: profile.name\n  target: ageField\n  targetKeyPath: text\n")
      .write(toFile: directory + "/Profile.bindings.yaml", atomically: true, encoding: .utf8)
    let owner = ProfileController()
    do {
      let set = try BindingSet.load(named: "Profile", owner: owner, in: directory, transformers: profileRegistry())
      Issue.record("bound \(set.bindings)")
    } catch {
      #expect(
        error.errors.map { "\($0.line):\($0.column) \($0.kind)" } == ["6:14 unknownValidator", "11:24 structure"])
    }
    #expect(owner.nameField.bindings.isEmpty && owner.nicknameLabel.bindings.isEmpty && owner.ageField.bindings.isEmpty)
    #expect(owner.keyValueRegistrar.observerCount == 0)
  }

  @Test func lintChecksTheNamesFieldsAndValuesOfADefinitionFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/profile.bindings.yaml"
    try definition(
      "  sourceKeyPath: profile.name\n  target: nameField\n  targetKeyPath: text\n  validator: NotEmpty\n"
        + "  editingTransformer: Digits\n"
    ).write(toFile: file, atomically: true, encoding: .utf8)
    let problems = BindingSetDefinition.lint(contentsOf: file, transformers: profileRegistry())
    #expect(
      problems.map { "\($0.line):\($0.column) \($0.kind)" } == ["7:23 unknownTransformer", "6:14 unknownValidator"])
    #expect(problems.last?.message == "no validator is registered as \"NotEmpty\" (registered: NotBlank)")
    try
      (definition("  sourceKeyPath: a\n  target: b\n  targetKeyPath: c\n  updatesContinuously: maybe\n")
      + "- source: self\n  sourceKeyPath: a\n  target: b\n  targetKeyPath: c\n  transformer: Nope\n")
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(
      BindingSetDefinition.lint(contentsOf: file, transformers: profileRegistry()).map(\.message) == [
        "updatesContinuously takes true or false, not \"maybe\"",
        "no transformer is registered as \"Nope\" (registered: CommaSeparatedList, IsEmpty, IsNil, IsNotEmpty, "
          + "IsNotNil, NegateBoolean, YearsDigits, YearsText)",
      ])
    try String(
      contentsOfFile: try #require(Bundle.module.url(forResource: "Specs/Profile.bindings", withExtension: "yaml"))
        .path, encoding: .utf8
    )
    .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(BindingSetDefinition.lint(contentsOf: file, transformers: profileRegistry()).isEmpty)
  }
}
