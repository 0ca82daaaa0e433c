import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import Foundation
import Testing

@testable import BinderyWeb

/// A page of a list, a field and a switch, each named by a label; `TEXT` is the field's label.
private let labelledPage = """
  Model:
    class: ClubModel
  Friends:
    class: ArrayController
    objectClass: Friend
    bindings:
      content: {to: /Model, value: friends}
  Page:
    class: Panel
    view:
      subviews: [/ListLabel, /List, /NameLabel, /Name, /Member, /MemberLabel]
  ListLabel:
    class: FieldLabel
    text: Friends
    target: /List
  List:
    class: List
    content: /Friends
    row:
      RowLabel:
        class: FieldLabel
        text: Name
        target: /RowName
      RowName:
        class: TextField
        bindings:
          text: {value: name}
  NameLabel:
    class: FieldLabel
    text: TEXT
    target: /Name
  Name:
    class: TextField
  Member:
    class: Checkbox
  MemberLabel:
    class: FieldLabel
    text: Member
    target: /Member
  """

private func writeLabelledSpec(_ text: String) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID()).spec.yaml").path
  try text.write(toFile: path, atomically: true, encoding: .utf8)
  return path
}

/// The reset of a new tab of the page of `spec`.
private func resetOfPage(_ spec: String) async throws -> JSONValue? {
  let path = try writeLabelledSpec(spec)
  defer { try? FileManager.default.removeItem(atPath: path) }
  let page = WebPage(title: "Club", model: { ClubModel() }) { model, _ in
    let (content, _) = try WebSpec.load(contentsOf: path, model: model, modelClass: "ClubModel", root: "Page") {
      $0.register(Friend.self) { Friend("New") }
    }
    return content
  }
  return await TestTab(WebPageHost(page: page)).hello()
}

/// The error of loading `spec`, if it fails to load.
private func loadError(_ spec: String) throws -> SpecLoadError? {
  let path = try writeLabelledSpec(spec)
  defer { try? FileManager.default.removeItem(atPath: path) }
  do {
    _ = try WebSpec.load(contentsOf: path, model: ClubModel(), modelClass: "ClubModel", root: "Page") {
      $0.register(Friend.self) { Friend("New") }
    }
    return nil
  } catch {
    return error
  }
}

@Suite struct FieldLabelTests {
  @Test func aLabelInAPagesSpecFileIsForTheIDOfTheFieldItNames() async throws {
    let reset = try #require(try await resetOfPage(labelledPage.replacingOccurrences(of: "TEXT", with: "Name")))
    let label = try #require(reset.element("NameLabel"))
    #expect(label["kind"] == "fieldLabel")
    #expect(label.prop("text") == "Name")
    #expect(label.prop("for") == "Name")
    #expect(reset.element("Name")?["kind"] == "text")
  }

  @Test func aLabelMayComeAfterTheElementItNames() async throws {
    let reset = try #require(try await resetOfPage(labelledPage.replacingOccurrences(of: "TEXT", with: "Name")))
    #expect(reset.element("MemberLabel")?.prop("for") == "Member")
    #expect(reset.element("Member")?["wrapper"]?["class"] == "checkbox")
  }

  @Test func aListIsNamedByItsLabel() async throws {
    let reset = try #require(try await resetOfPage(labelledPage.replacingOccurrences(of: "TEXT", with: "Name")))
    #expect(reset.element("ListLabel")?.prop("for") == "List")
    #expect(reset.element("List")?["kind"] == "list")
  }

  @Test func aLabelInARowIsForTheMadeUpIDOfItsRowsField() async throws {
    let reset = try #require(try await resetOfPage(labelledPage.replacingOccurrences(of: "TEXT", with: "Name")))
    guard case .array(let rows)? = reset.element("List")?["rows"], rows.count == 2 else {
      Issue.record("no two rows in \(reset.serialized)")
      return
    }
    var fieldIDs: Set<String> = []
    for row in rows {
      guard case .array(let children)? = row["children"], children.count == 2,
        case .string(let fieldID)? = children[1]["id"]
      else {
        Issue.record("a row is not a label and a field: \(row.serialized)")
        continue
      }
      #expect(children[0]["kind"] == "fieldLabel")
      #expect(children[0].prop("for") == .string(fieldID))
      #expect(children[1]["kind"] == "text")
      fieldIDs.insert(fieldID)
    }
    #expect(fieldIDs.count == 2)  // each row's label names its own row's field
  }

  @Test func aLabelsTextIsSentAsTextAndNeverAsMarkup() async throws {
    let hostile = #"<img src=x onerror=alert(1)> & "Name" </label>"#
    let spec = labelledPage.replacingOccurrences(of: "text: TEXT", with: "text: '\(hostile)'")
    let reset = try #require(try await resetOfPage(spec))
    #expect(reset.element("NameLabel")?.prop("text") == .string(hostile))
    let serialized = reset.serialized
    #expect(!serialized.contains("<") && !serialized.contains(">") && !serialized.contains("&"))
    #expect(serialized.contains(#"\u003cimg src=x onerror=alert(1)\u003e \u0026 \"Name\" \u003c/label\u003e"#))
  }

  @Test func aLabelNamingNoObjectFailsToLoadWithItsPlace() throws {
    let spec = labelledPage.replacingOccurrences(of: "target: /Name", with: "target: /Nmae")
    let error = try #require(try loadError(spec))
    #expect(error.errors.count == 1)
    let first = try #require(error.errors.first)
    #expect(first.kind == .unknownReference)
    #expect(first.line == 31 && first.column == 11)
    #expect(first.message.contains(#"no object is named "Nmae"; did you mean "Name"#))
  }

  @Test func aLabelNamingSomethingThatIsNoControlFailsToLoadWithItsPlace() throws {
    let spec = labelledPage.replacingOccurrences(of: "target: /Name", with: "target: /Page")
    let error = try #require(try loadError(spec))
    let first = try #require(error.errors.first)
    #expect(first.kind == .typeMismatch)
    #expect(first.line == 31 && first.column == 11)
  }

  @Test func aLabelInARowNamingNoObjectFailsToLoadWithItsPlace() throws {
    let spec = labelledPage.replacingOccurrences(of: "target: /RowName", with: "target: /RowNam")
    let error = try #require(try loadError(spec))
    let first = try #require(error.errors.first)
    #expect(first.kind == .unknownReference)
    #expect(first.line == 23 && first.column == 15)
  }
}
