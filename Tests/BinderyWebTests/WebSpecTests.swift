import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import Foundation
import Testing

@testable import BinderyWeb

@KeyValueObservable
final class ClubModel {
  var friends: [Friend] = [Friend("Ada"), Friend("Grace")]
  var motto = "Friends first"
}

/// Counts the target updates it hears, and vetoes every user edit.
private final class VetoingDelegate: BindingDelegate, @unchecked Sendable {
  var updates = 0
  func binding(_ binding: PropertyBinding, didUpdateTarget value: Any) { updates += 1 }
  func binding(_ binding: PropertyBinding, shouldUpdateSource value: Any, from targetValue: Any) -> Bool { false }
}

/// A page declared in a spec file: an array controller over the model's friends, a list with a row
/// template, and an Add button bound to the controller's canAdd and running its add.
private let clubPage = """
  Model:
    class: ClubModel
  Friends:
    class: ArrayController
    objectClass: Friend
    sortOrder: [name]
    bindings:
      content: {to: /Model, value: friends}
  Page:
    class: Panel
    view:
      subviews: [/List, /Add]
  List:
    class: List
    content: /Friends
    row:
      Name:
        class: Label
        bindings:
          text: {value: name}
  Add:
    class: Button
    title: Add
    action: {to: /Friends, value: add}
    bindings:
      enabled: {to: /Friends, value: canAdd}
  """

private func writeSpec(_ text: String) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID()).spec.yaml").path
  try text.write(toFile: path, atomically: true, encoding: .utf8)
  return path
}

@Suite struct WebSpecTests {
  @Test func aPagesListRowsAndButtonActionsComeFromItsSpecFile() async throws {
    let path = try writeSpec(clubPage)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let page = WebPage(title: "Club", model: { ClubModel() }, sharing: .perSession) { model, _ in
      let (content, _) = try WebSpec.load(contentsOf: path, model: model, modelClass: "ClubModel", root: "Page") {
        $0.register(Friend.self) { Friend("New") }
      }
      return content
    }
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    let reset = try #require(await tab.hello())
    guard case .array(let rows)? = reset.element("List")?["rows"] else {
      Issue.record("no rows in \(reset.serialized)")
      return
    }
    #expect(rows.count == 2)
    #expect(reset.serialized.contains("Ada") && reset.serialized.contains("Grace"))
    #expect(reset.element("Add")?.prop("enabled") == .bool(true))
    await tab.action("Add")
    let operations = await tab.messages().flatMap(\.operations)
    let list = try #require(operations.first { $0["op"] == "list" })
    guard case .array(let inserted)? = list["inserted"], let row = inserted.first else {
      Issue.record("no inserted row")
      return
    }
    #expect(inserted.count == 1)
    #expect(row["index"] == .number(2))  // "New" sorts after Ada and Grace
    #expect(row.serialized.contains("\"text\":\"New\""))
  }

  @Test func aSecureFieldInARowAddedAfterTheLoadIsStillSecure() async throws {
    let path = try writeSpec(
      clubPage.replacingOccurrences(
        of: "      bindings:\n        text: {value: name}\n",
        with: "      bindings:\n        text: {value: name}\n    Pin:\n      class: SecureField\n"))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let page = WebPage(title: "Club", model: { ClubModel() }, sharing: .perSession) { model, _ in
      try WebSpec.load(contentsOf: path, model: model, modelClass: "ClubModel", root: "Page") {
        $0.register(Friend.self) { Friend("New") }
      }
      .content
    }
    let tab = TestTab(WebPageHost(page: page))
    let reset = try #require(await tab.hello())
    #expect(reset.serialized.components(separatedBy: "\"kind\":\"secure\"").count - 1 == 2)

    await tab.action("Add")

    let operations = await tab.messages().flatMap(\.operations)
    let list = try #require(operations.first { $0["op"] == "list" })
    #expect(list.serialized.contains("\"kind\":\"secure\""))
    #expect(!list.serialized.contains("\"kind\":\"text\""))
  }

  @Test func aPagesFileReadsTheSessionsModelAsRootAndHandsItsBindingsTheDelegate() throws {
    let path = try writeSpec(
      clubPage + "\n"
        + """
        Motto:
          class: Label
          bindings:
            text: {to: /Page, value: '$root.motto'}
        MottoField:
          class: TextField
          bindings:
            text: {to: /Model, value: motto}
        """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let model = ClubModel()
    let delegate = VetoingDelegate()
    let (_, objects) = try WebSpec.load(
      contentsOf: path, model: model, modelClass: "ClubModel", root: "Page", delegate: delegate
    ) {
      $0.register(Friend.self) { Friend("New") }
    }
    let motto = try #require(objects["Motto"] as? HeadlessLabel)
    #expect(motto.text == "Friends first")
    model.motto = "All for one"
    #expect(motto.text == "All for one")
    #expect(delegate.updates >= 2)
    let field = try #require(objects["MottoField"] as? HeadlessTextField)
    field.userDidEdit(text: "Vetoed")
    #expect(model.motto == "All for one")
    objects.unbind()
    #expect(model.keyValueRegistrar.observerCount == 0)
  }

  @Test func aRowTemplateWithAnUnknownKeyFailsToLoadWithItsPlace() throws {
    let path = try writeSpec(clubPage.replacingOccurrences(of: "text: {value: name}", with: "text: {value: nme}"))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let model = ClubModel()
    #expect {
      _ = try WebSpec.load(contentsOf: path, model: model, modelClass: "ClubModel", root: "Page") {
        $0.register(Friend.self) { Friend("New") }
      }
    } throws: { error in
      guard let error = error as? SpecLoadError, let first = error.errors.first else { return false }
      return first.line == 20 && first.message.contains("Friend has no key \"nme\"")
    }
    #expect(model.keyValueRegistrar.observerCount == 0)
  }
}
