import Bindery
import BinderyControllers
import BinderyControls
import Testing

@testable import BinderyWeb

/// A page of a search field over the profile's friends (Friend 0, Friend 1…) and their list.
private func makeSearchPage(templates: [SearchTemplate]) -> (WebPage, UncheckedBox<ProfileModel>) {
  let model = UncheckedBox(ProfileModel(friends: 12))
  let page = WebPage(title: "Friends", model: { model.value }, sharing: .shared) { model, _ in
    let search = HeadlessSearchField()
    let bindings = BindingSet()
    try search.bind(filterOf: model.friends, templates: templates).store(in: bindings)
    let list = WebList(controller: model.friends) { friend, row in
      let label = HeadlessLabel()
      label.bind(\.text, to: friend, \.name).store(in: row.bindings)
      row.controls = [label]
    }
    return WebContent(
      root: Panel(title: "Friends", subviews: [search, list]), ids: ["Search": search, "Friends": list],
      bindings: bindings)
  }
  return (page, model)
}

@Suite struct SearchFieldPageTests {
  let templates = [
    SearchTemplate("Name", expression: "name contains[c] $value"),
    SearchTemplate("Exact Name", expression: "name like[c] $value"),
  ]

  @Test("a search field is an <input type=search> with a menu of its templates, named by the chosen one")
  func theSearchElement() async throws {
    let (page, _) = makeSearchPage(templates: templates)
    let tab = TestTab(WebPageHost(page: page))
    let reset = try #require(await tab.hello())
    let search = try #require(reset.element("Search"))
    #expect(search["tag"] == "bindery-search")
    #expect(search.prop("a:templates") == "Name\nExact Name")
    #expect(search.prop("a:placeholder") == "Name")
    #expect(search.prop("p:value") == "")
    #expect(search.prop("p:templateIndex") == .number(0))
    #expect(HeadlessSearchField.webElement.problems.isEmpty)
  }

  @Test("typing in the search input filters the list's rows; clearing it shows them all")
  func typingFiltersTheRows() async throws {
    let (page, model) = makeSearchPage(templates: templates)
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Search", "friend 1")
    #expect(model.value.friends.arrangedObjects.map(\.name) == ["Friend 1", "Friend 10", "Friend 11"])
    let removed = await tab.messages().flatMap(\.operations).first { $0["op"] == "list" }?["removed"]
    #expect(removed == .array([0, 2, 3, 4, 5, 6, 7, 8, 9].map { .number(Double($0)) }))
    await tab.edit("Search", .number(1))
    #expect(model.value.friends.arrangedObjects.map(\.name) == ["Friend 1"])
    await tab.edit("Search", .number(7))
    #expect(await tab.messages().contains { $0["type"] == "error" })
    await tab.edit("Search", "")
    #expect(model.value.friends.arrangedObjects.count == 12)
  }

  @Test("text a page sends is a value: quotes and expression text filter nothing in or out by themselves")
  func sentTextIsLiteral() async throws {
    let (page, model) = makeSearchPage(templates: templates)
    let host = WebPageHost(page: page)
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Search", "\" || true || \"")
    #expect(model.value.friends.arrangedObjects.isEmpty)
  }
}
