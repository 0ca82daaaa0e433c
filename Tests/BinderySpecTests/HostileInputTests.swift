import Bindery
import BinderyControls
import BinderySpec
import BinderyTestFixtures
import Foundation
import Testing

/// A "billion laughs" document: nine anchors, each a list of ten aliases of the one before, so that
/// `*lol8` stands for 10⁹ scalars; `use` follows it (line 10).
func aliasBomb(then use: String) -> String {
  var lines = ["lol0: &lol0 [" + Array(repeating: "lol", count: 10).joined(separator: ", ") + "]"]
  for level in 1...8 {
    lines.append(
      "lol\(level): &lol\(level) [" + Array(repeating: "*lol\(level - 1)", count: 10).joined(separator: ", ") + "]")
  }
  return lines.joined(separator: "\n") + "\n" + use
}

/// The problems of loading `yaml` as a spec file, or `[]` when it loads.
func specProblems(_ yaml: String, limits: SpecLimits = SpecLimits(), classes: SpecClassRegistry = testClasses)
  -> [SpecError]
{
  do {
    _ = try SpecFile.load(yaml: yaml, file: "hostile.yaml", classes: classes, limits: limits)
    return []
  } catch {
    return error.errors
  }
}

/// `line:column: message` of each problem, for comparing.
func located(_ errors: [SpecError]) -> [String] {
  errors.map { "\($0.line):\($0.column): \($0.message)" }
}

@Suite("Hostile spec and bindings files")
struct HostileInputTests {
  // MARK: Anchors and aliases

  @Test func anAliasBombUsedAsAMappingKeyIsRefusedAtItsAnchorsAndAliasesBeforeItIsExpanded() {
    let errors = specProblems(aliasBomb(then: "? *lol8\n: x\n"))
    #expect(errors.count == 90)  // 9 anchors, 81 aliases
    #expect(errors.allSatisfy { $0.kind == .alias })
    #expect(
      located(Array(errors.prefix(2))) == [
        "1:7: a YAML anchor (&lol0): spec and bindings files take no anchors or aliases",
        "2:7: a YAML anchor (&lol1): spec and bindings files take no anchors or aliases",
      ])
    #expect(
      errors.last.map { located([$0]) } == [
        "10:3: a YAML alias (*lol8): spec and bindings files take no anchors or aliases"
      ])
  }

  @Test func anAliasBombUsedAsAValueIsRefusedTheSameWay() {
    let errors = specProblems(aliasBomb(then: "A: *lol8\n"))
    #expect(errors.count == 90)
    #expect(
      errors.last.map { located([$0]) } == [
        "10:4: a YAML alias (*lol8): spec and bindings files take no anchors or aliases"
      ])
    #expect(SpecFile.lint(yaml: aliasBomb(then: "A: *lol8\n")).count == 90)
  }

  @Test func anAliasBombInAFlowMappingIsRefused() {
    let bomb = aliasBomb(then: "").split(separator: "\n").joined(separator: ", ")
    let errors = specProblems("{" + bomb + ", *lol8 : x}")
    #expect(errors.count == 90)
    #expect(errors.allSatisfy { $0.kind == .alias && $0.line == 1 })
    #expect(errors.first?.column == 8)
  }

  @Test func anAliasBombInABindingsFileIsRefused() throws {
    let yaml = aliasBomb(then: "bindings:\n- source: self\n  ? *lol8\n  : x\n")
    #expect(throws: SpecLoadError.self) { try BindingSetDefinition(yaml: yaml, file: "hostile.bindings.yaml") }
    do {
      _ = try BindingSetDefinition(yaml: yaml, file: "hostile.bindings.yaml")
    } catch {
      #expect(error.errors.count == 90)
      #expect(error.errors.last?.line == 12)
      #expect(error.errors.last?.column == 5)
      #expect(error.errors.last?.kind == .alias)
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try yaml.write(toFile: directory + "/Bomb.bindings.yaml", atomically: true, encoding: .utf8)
    #expect(BindingSetDefinition.lint(contentsOf: directory + "/Bomb.bindings.yaml").count == 90)
    #expect(throws: SpecLoadError.self) {
      try BindingSet.load(named: "Bomb", owner: SettingsController(), in: directory)
    }
  }

  @Test func evenASmallAnchorIsRefusedWhereItIs() {
    let yaml = """
      Controller:
        class: PersonViewController
      Field:
        class: TextField
        bindings:
          enabled: &saving {to: /Controller, value: '!isSaving'}
          hidden: *saving
      """
    #expect(
      located(specProblems(yaml)) == [
        "6:14: a YAML anchor (&saving): spec and bindings files take no anchors or aliases",
        "7:13: a YAML alias (*saving): spec and bindings files take no anchors or aliases",
      ])
  }

  // MARK: Bounds

  @Test func aFileLargerThanTheLimitIsRefusedWhereItCrossesIt() throws {
    var limits = SpecLimits()
    limits.maximumFileSize = 100
    let yaml = String(repeating: "A:\n  class: Label\n", count: 10)  // 18 bytes a line pair
    let errors = specProblems(yaml, limits: limits)
    #expect(located(errors) == ["12:8: the file is larger than 100 bytes"])
    #expect(errors.first?.kind == .limit)

    let path = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID()).spec.yaml").path
    try yaml.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(
      throws: SpecLoadError([
        SpecError(file: path, line: 12, column: 8, kind: .limit, message: "the file is larger than 100 bytes")
      ])
    ) {
      try SpecFile.load(contentsOf: path, limits: limits)
    }
    #expect(SpecFile.lint(contentsOf: path, limits: limits).map(\.kind) == [.limit])
  }

  @Test func moreObjectsThanTheLimitAreRefusedAtTheFirstOnePast() {
    var limits = SpecLimits()
    limits.maximumObjects = 10
    let yaml = (0..<12).map { "Label\($0):\n  class: Label\n" }.joined()
    let errors = specProblems(yaml, limits: limits)
    #expect(located(errors) == ["21:1: the file declares more than 10 objects"])
    #expect(errors.first?.kind == .limit)
  }

  @Test func nestingDeeperThanTheLimitIsRefusedAtTheFirstLevelPast() {
    let flow = "A: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    #expect(located(specProblems(flow)) == ["1:67: mappings and lists are nested more than 64 deep here"])
    let block = (0..<70).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n") + " x"
    let errors = specProblems(block)
    #expect(located(errors) == ["65:129: mappings and lists are nested more than 64 deep here"])
    #expect(errors.first?.kind == .limit)
  }

  @Test func nestingOfAThousandLevelsAndMoreIsRefusedAsTheLimitWhereTheLimitWasPassed() {
    let header = "Label:\n  class: Label\n  text: "
    for depth in [999, 1_000, 1_001, 1_500, 5_000] {
      let flow = header + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      #expect(located(specProblems(flow)) == ["3:71: mappings and lists are nested more than 64 deep here"], "\(depth)")
      let flowMaps = header + String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
      #expect(specProblems(flowMaps).map(\.kind) == [.limit], "\(depth)")
      guard depth <= 1_500 else { continue }  // block nesting needs depth² bytes of indentation
      let blockLists =
        header + "\n" + (0..<depth).map { String(repeating: " ", count: $0 + 2) + "-" }.joined(separator: "\n") + " x"
      #expect(specProblems(blockLists).map(\.kind) == [.limit], "\(depth)")
    }
    // Raised past the YAML reader's own bound, the limit is still reported as a limit, where it was passed.
    var limits = SpecLimits()
    limits.maximumDepth = 5_000
    let deep = header + String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000)
    let errors = specProblems(deep, limits: limits)
    #expect(located(errors) == ["3:1007: mappings and lists are nested more than 1000 deep here"])
    #expect(errors.map(\.kind) == [.limit])
    limits.maximumDepth = 900
    #expect(
      located(specProblems(deep, limits: limits)) == ["3:907: mappings and lists are nested more than 900 deep here"])
    // Quoted brackets and comments are not nesting.
    let quoted =
      header + String(repeating: "[\"]]\", '[[', ", count: 1_200) + String(repeating: "]", count: 1_200)
    #expect(located(specProblems(quoted)).first?.hasPrefix("3:") == true)
    #expect(specProblems(quoted).map(\.kind) == [.limit])
  }

  @Test func moreNodesThanTheLimitAreRefusedAtTheFirstOnePast() {
    var limits = SpecLimits()
    limits.maximumNodes = 100
    let errors = specProblems("A: [" + Array(repeating: "x", count: 200).joined(separator: ", ") + "]", limits: limits)
    #expect(located(errors) == ["1:296: the file has more than 100 YAML nodes"])
  }

  @Test func pastTheMostProblemsOneLastProblemSaysTheRestAreNotReported() {
    let yaml = (0..<500).map { "Object\($0):\n  class: Nothing\n" }.joined()
    let errors = specProblems(yaml)
    #expect(errors.count == 101)
    #expect(
      errors.filter { $0.kind == .limit }.map(\.message) == [
        "more than 100 problems; the rest of the file is not checked"
      ])
    #expect(errors.filter { $0.kind == .unknownClass }.count == 100)
  }

  // MARK: Text that is not YAML

  @Test func aFileThatIsNotUTF8IsRefusedAtItsFirstBadByte() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("latin1-\(UUID()).spec.yaml").path
    var bytes = Array("A:\n  class: Label\n  text: caf".utf8)
    bytes.append(0xE9)  // é in Latin-1
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(
      SpecFile.lint(contentsOf: path).map(\.description) == [
        "\(path):3:12: error: the file is not UTF-8 text: this byte does not start or continue a character"
      ])
    #expect(BindingSetDefinition.lint(contentsOf: path).map(\.line) == [3])
  }

  @Test func aCharacterYAMLDoesNotTakeIsReportedWhereItIs() {
    let errors = specProblems("A:\n  class: Label\n  text: a\u{1}b\n")
    #expect(errors.first.map { "\($0.line):\($0.column)" } == "3:10")
    #expect(errors.first?.kind == .yaml)
  }

  @Test func aSecondDocumentIsRefusedWhereItStarts() {
    #expect(
      located(specProblems("A:\n  class: Label\n---\nB:\n  class: Label\n")) == [
        "3:1: a file holds one YAML document; a second one starts here"
      ])
  }

  @Test func aKeyUsedTwiceIsReportedAtItsSecondUseWhereverItIs() {
    #expect(
      located(specProblems("{A: {class: Label}, B: {class: Label}, A: {class: Label}}")) == [
        "1:40: the name \"A\" is used twice (first at 1:2)"
      ])
    #expect(
      located(specProblems("A:\n  class: Label\n  text: x\n  'class': TextField\n")) == [
        "4:3: the key \"class\" is used twice (first at 2:3)"
      ])
  }

  // MARK: Size
  //
  // That loading stays linear in the size of the file is checked by the `spec-load-40000`
  // benchmark (per binding, against `spec-load-1000`), not by timing these tests.

  /// A spec of `count` objects: controllers and text fields, each field bound to its controller.
  static func largeSpec(objects count: Int) -> String {
    var yaml = ""
    for index in 0..<count / 2 {
      yaml += "Controller\(index):\n  class: PersonViewController\n  title: Title \(index)\n"
      yaml += "Field\(index):\n  class: TextField\n  bindings:\n    text: {to: /Controller\(index), value: title}\n"
    }
    return yaml
  }

  @Test func aSpecOfTwentyThousandObjectsLoadsAndBindsEveryObject() throws {
    let yaml = Self.largeSpec(objects: 20_000)
    let spec = try SpecFile.load(yaml: yaml, classes: testClasses)
    #expect(spec.names.count == 20_000)
    #expect(spec.bindings.bindings.count == 10_000)
    #expect((spec["Field9999"] as? HeadlessTextField)?.text == "Title 9999")
    (spec["Controller9999"] as? PersonViewController)?.title = "typed"
    #expect((spec["Field9999"] as? HeadlessTextField)?.text == "typed")
  }

  @Test func manyReferencesToMissingObjectsStopAtTheProblemLimit() {
    var yaml = Self.largeSpec(objects: 20_000)
    for index in 0..<20_000 {
      yaml += "Broken\(index):\n  class: TextField\n  bindings:\n    text: {to: /Missing\(index), value: text}\n"
    }
    let errors = specProblems(yaml)
    #expect(errors.count == 101)
    #expect(errors.first?.message.hasPrefix("no object is named \"Missing") == true)
  }

  @Test func manyListsWithRowsBesideTwentyThousandObjectsLoadAndShowTheirRows() throws {
    var yaml = """
      Editor:
        class: PeopleEditor
      People:
        class: ArrayController
        objectClass: Person
        bindings:
          content: {to: /Editor, value: people}

      """
    for index in 0..<100 {
      yaml += """
        List\(index):
          class: ListView
          content: /People
          row:
            Name:
              class: Label
              bindings:
                text: {value: fullName}
                hidden: {to: /Editor, value: isSaving}

        """
    }
    for index in 0..<20_000 { yaml += "Label\(index):\n  class: Label\n" }
    let spec = try SpecFile.load(yaml: yaml, classes: listClasses)
    let editor = try #require(spec.object(named: "Editor", as: PeopleEditor.self))
    editor.people = (0..<20).map { Person(firstName: "P\($0)") }
    let list = try #require(spec.object(named: "List99", as: HeadlessListView<Person>.self))
    #expect(list.rows.count == 20)
    #expect((list.rows.first?.controls.first as? HeadlessLabel)?.text == "P0")
  }

  // MARK: Echoes

  @Test func aHugeTokenIsEchoedCutShort() {
    let huge = String(repeating: "x", count: 1_000_000)
    let messages = specProblems(
      "A:\n  class: \(huge)\nB:\n  class: TextField\n  ? \(huge)\n  : 1\n  bindings:\n    text: {to: /\(huge), value: text}\n"
        + "C:\n  class: TextField\n  bindings:\n    text: {to: /B, value: 'text && \(huge.prefix(20_000))'}\n"
    ).map(\.message)
    #expect(messages.count == 4)
    #expect(messages.allSatisfy { $0.count < 400 }, "\(messages.map(\.count))")
    #expect(messages.first == "no class is registered as \"\(String(repeating: "x", count: 80))…\"")
  }
}
