import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import Foundation
import Testing

@testable import BinderyWeb

/// A shelf of the page's outline: shelves hold shelves.
@KeyValueObservable
final class PageShelf {
  var name: String
  var shelves: [PageShelf]
  init(_ name: String = "", _ shelves: [PageShelf] = []) {
    self.name = name
    self.shelves = shelves
  }
}

/// The shelves a page's outline shows: Art, and Fiction with Poems and Novels.
@KeyValueObservable
final class ShelvesModel {
  var shelves = [PageShelf("Art"), PageShelf("Fiction", [PageShelf("Poems"), PageShelf("Novels")])]
}

/// A page of one outline of the shelves.
private let shelvesPage = """
  Model:
    class: ShelvesModel
  Shelves:
    class: TreeController
    objectClass: PageShelf
    children: shelves
    bindings:
      content: {to: /Model, value: shelves}
  Page:
    class: Panel
    view:
      subviews: [/OutlineLabel, /Outline]
  OutlineLabel:
    class: FieldLabel
    text: Shelves
    target: /Outline
  Outline:
    class: OutlineView
    content: /Shelves
    row:
      Name: {class: Label, bindings: {text: {value: name}}}
  """

/// The page, on one model shared by every tab, and the model.
private func makeShelvesPage() throws -> (WebPage, UncheckedBox<ShelvesModel>, String) {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("outline-\(UUID()).spec.yaml").path
  try shelvesPage.write(toFile: path, atomically: true, encoding: .utf8)
  let model = UncheckedBox(ShelvesModel())
  let page = WebPage(title: "Shelves", model: { model.value }, sharing: .shared) { model, _ in
    try WebSpec.load(contentsOf: path, model: model, modelClass: "ShelvesModel", root: "Page") {
      $0.register(PageShelf.self) { PageShelf() }
    }
    .content
  }
  return (page, model, path)
}

@Suite("Outlines on the web page")
struct WebOutlineTests {
  @Test("An outline is sent as rows with their level and whether they expand")
  func theOutlineElement() async throws {
    let (page, _, path) = try makeShelvesPage()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tab = TestTab(WebPageHost(page: page))
    let reset = try #require(await tab.hello())
    let outline = try #require(reset.element("Outline"))
    #expect(outline["kind"] == "outline")
    #expect(reset.element("OutlineLabel")?.prop("for") == "Outline", "a field label names the outline")
    guard case .array(let rows)? = outline["rows"] else {
      Issue.record("no rows in \(outline.serialized)")
      return
    }
    #expect(rows.map { $0["kind"] } == ["treeRow", "treeRow"])
    #expect(rows.map { $0.prop("level") } == [.number(1), .number(1)])
    #expect(rows.map { $0.prop("expandable") } == [.bool(false), .bool(true)])
    #expect(rows.map { $0.prop("expanded") } == [.bool(false), .bool(false)])
  }

  @Test("Expanding a row inserts its children's rows at level 2 and marks it expanded")
  func expandingARow() async throws {
    let (page, _, path) = try makeShelvesPage()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tab = TestTab(WebPageHost(page: page))
    await tab.hello()
    await tab.edit("Outline", .object([("expand", 1)]))
    let operations = await tab.messages().flatMap(\.operations)
    let list = try #require(operations.first { $0["op"] == "list" })
    guard case .array(let inserted)? = list["inserted"] else {
      Issue.record("no inserted rows in \(list.serialized)")
      return
    }
    #expect(inserted.map { $0["index"] } == [.number(2), .number(3)])
    #expect(inserted.map { $0["row"]?.prop("level") } == [.number(2), .number(2)])
    #expect(operations.contains { $0["key"] == "expanded" && $0["value"] == .bool(true) })
  }

  @Test("The tree view's keys select, expand and go to the parent")
  func theKeys() async throws {
    let (page, model, path) = try makeShelvesPage()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tab = TestTab(WebPageHost(page: page))
    await tab.hello()
    func selected() async -> JSONValue? {
      await tab.messages().flatMap(\.operations).last { $0["key"] == "selected" }?["value"]
    }
    await tab.edit("Outline", .array([1]))
    #expect(await selected() == .array([.number(1)]))
    await tab.edit("Outline", .object([("key", "right")]))  // expands Fiction
    _ = await tab.messages()
    await tab.edit("Outline", .object([("key", "right")]))  // to Poems
    #expect(await selected() == .array([.number(2)]))
    await tab.edit("Outline", .object([("key", "left")]))  // back to Fiction
    #expect(await selected() == .array([.number(1)]))
    #expect(model.value.shelves.count == 2)
  }

  @Test(
    "A bad outline edit is a typed error and changes nothing",
    arguments: [
      #"{"expand":2}"#, #"{"expand":-1}"#, #"{"expand":0.5}"#, #"{"collapse":"Art"}"#, #"{"key":"tab"}"#,
      #"{"key":1}"#, #"{"expand":1,"key":"up"}"#, #"{}"#, #"[5]"#, #""rows""#,
    ])
  func aBadEditIsATypedError(_ value: String) async throws {
    let (page, model, path) = try makeShelvesPage()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tab = TestTab(WebPageHost(page: page))
    await tab.hello()
    await tab.send(#"{"type":"edit","id":"Outline","value":"# + value + "}")
    let messages = await tab.messages()
    let error = try #require(messages.first { $0["type"] == "error" }, "\(messages.map(\.serialized))")
    #expect(error["code"] == "wrongValueType", "\(error.serialized)")
    #expect(!messages.flatMap(\.operations).contains { $0["op"] == "list" })
    #expect(model.value.shelves.map(\.name) == ["Art", "Fiction"])
  }
}
