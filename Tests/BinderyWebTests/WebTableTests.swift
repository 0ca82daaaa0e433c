import Bindery
import BinderyControllers
import BinderyControls
import BinderySpec
import Foundation
import Testing

@testable import BinderyWeb

/// A film of the page's table.
@KeyValueObservable
final class PageFilm {
  var title: String
  var year: Int
  init(_ title: String = "", _ year: Int = 1900) {
    self.title = title
    self.year = year
  }
}

/// The films a page's table shows.
@KeyValueObservable
final class FilmsModel {
  var films = [PageFilm("Sunrise", 1927), PageFilm("Nosferatu", 1922), PageFilm("Metropolis", 1927)]
}

/// A page of one table: Title (editable, sorts), Year (sorts) and Note (does not sort).
private let filmsPage = """
  Model:
    class: FilmsModel
  Films:
    class: ArrayController
    objectClass: PageFilm
    bindings:
      content: {to: /Model, value: films}
  Page:
    class: Panel
    view:
      subviews: [/Table]
  Table:
    class: TableView
    content: /Films
    columns:
      - {id: title, title: Title, value: title, sortKey: title, editable: true}
      - {id: year, title: Year, value: year, sortKey: year}
      - {id: note, title: Note, value: title}
  """

/// The page, on one model shared by every tab, and the model.
private func makeFilmsPage() throws -> (WebPage, UncheckedBox<FilmsModel>, String) {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID()).spec.yaml").path
  try filmsPage.write(toFile: path, atomically: true, encoding: .utf8)
  let model = UncheckedBox(FilmsModel())
  let page = WebPage(title: "Films", model: { model.value }, sharing: .shared) { model, _ in
    try WebSpec.load(contentsOf: path, model: model, modelClass: "FilmsModel", root: "Page") {
      $0.register(PageFilm.self) { PageFilm() }
    }
    .content
  }
  return (page, model, path)
}

@Suite("Tables on the web page")
struct WebTableTests {
  @Test("A table is sent with its columns' headers, their order, and one element per cell in each row")
  func theTableElement() async throws {
    let (page, _, path) = try makeFilmsPage()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tab = TestTab(WebPageHost(page: page))
    let reset = try #require(await tab.hello())
    let table = try #require(reset.element("Table"))
    #expect(table["kind"] == "table")
    guard case .array(let columns)? = table.prop("columns"), case .array(let rows)? = table["rows"] else {
      Issue.record("no columns or rows in \(table.serialized)")
      return
    }
    #expect(columns.map { $0["id"] } == ["title", "year", "note"])
    #expect(columns.map { $0["sort"] } == ["none", "none", "none"])
    #expect(columns.map { $0["sortable"] } == [.bool(true), .bool(true), .bool(false)])
    #expect(rows.count == 3)
    #expect(rows.first?["kind"] == "tableRow")
    guard case .array(let cells)? = rows.first?["children"] else {
      Issue.record("no cells")
      return
    }
    #expect(cells.map { $0["kind"] } == ["text", "element", "element"])
  }

  @Test("A header click sorts the controller and sends the rows' moves and the headers' order")
  func aHeaderClickSorts() async throws {
    let (page, model, path) = try makeFilmsPage()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Table", .object([("sort", "year")]))
    let operations = await tab.messages().flatMap(\.operations)
    #expect(model.value.films.count == 3)
    let columns = try #require(operations.last { $0["key"] == "columns" }?["value"])
    guard case .array(let headers) = columns else { return }
    #expect(headers.map { $0["sort"] } == ["none", "ascending", "none"])
    #expect(operations.contains { $0["op"] == "list" })
    await tab.edit("Table", .object([("sort", "year")]))
    let again = await tab.messages().flatMap(\.operations)
    let flipped = try #require(again.last { $0["key"] == "columns" }?["value"])
    guard case .array(let flippedHeaders) = flipped else { return }
    #expect(flippedHeaders.map { $0["sort"] } == ["none", "descending", "none"])
  }

  @Test("Click, Control-click, Shift-click and Shift+Down select rows, each answered with the selection")
  func gesturesSelectRows() async throws {
    let (page, _, path) = try makeFilmsPage()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tab = TestTab(WebPageHost(page: page))
    await tab.hello()
    func selected() async -> JSONValue? {
      await tab.messages().flatMap(\.operations).last { $0["key"] == "selected" }?["value"]
    }
    await tab.edit("Table", .object([("click", 0)]))
    #expect(await selected() == .array([0]))
    await tab.edit("Table", .object([("click", 2), ("toggle", .bool(true))]))
    #expect(await selected() == .array([0, 2]))
    await tab.edit("Table", .object([("click", 1), ("extend", .bool(true))]))
    #expect(await selected() == .array([1, 2]), "from the anchor (2) to 1")
    await tab.edit("Table", .object([("move", -1), ("extend", .bool(true))]))
    #expect(await selected() == .array([0, 1, 2]))
    await tab.edit("Table", .array([1]))
    #expect(await selected() == .array([1]))
  }

  @Test(
    "A bad table edit is a typed error and changes nothing",
    arguments: [
      #"{"sort":"nope"}"#, #"{"sort":"note"}"#, #"{"sort":3}"#, #"{"sort":"year","click":1}"#, #"{"click":3}"#,
      #"{"click":-1}"#, #"{"click":0.5}"#, #"{"click":0,"extend":"yes"}"#, #"{"click":0,"shift":true}"#,
      #"{"move":1e300}"#, #"{}"#, #"[7]"#, #""rows""#,
    ])
  func aBadEditIsATypedError(_ value: String) async throws {
    let (page, model, path) = try makeFilmsPage()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    await tab.hello()
    await tab.send(#"{"type":"edit","id":"Table","value":"# + value + "}")
    let messages = await tab.messages()
    let error = try #require(messages.first { $0["type"] == "error" }, "\(messages.map(\.serialized))")
    #expect(error["code"] == "wrongValueType" || error["code"] == "notEditable", "\(error.serialized)")
    #expect(!messages.flatMap(\.operations).contains { $0["op"] == "list" })
    #expect(model.value.films.map(\.title) == ["Sunrise", "Nosferatu", "Metropolis"])
  }

  @Test("An editable cell is a field of the page: typing writes the row's film")
  func anEditableCellWrites() async throws {
    let (page, model, path) = try makeFilmsPage()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tab = TestTab(WebPageHost(page: page))
    let reset = try #require(await tab.hello())
    guard case .array(let rows)? = reset.element("Table")?["rows"], case .array(let cells)? = rows.first?["children"],
      let id = cells.first?["id"]?.stringValue
    else {
      Issue.record("no cells")
      return
    }
    await tab.edit(id, "Sunrise!")
    _ = await tab.messages()
    #expect(model.value.films[0].title == "Sunrise!")
  }
}
