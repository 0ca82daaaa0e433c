import Bindery
import BinderyControls
import Foundation
import Testing

@testable import BinderyWeb

/// A film's poster and the tab its page shows.
@KeyValueObservable
final class TabbedFilm: @unchecked Sendable {
  var poster: Data?
  var tab = "notes"
}

@Suite("Image views and tab views on a web page")
struct ImageAndTabsPageTests {
  private static let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>"#.utf8)

  private func page(_ film: TabbedFilm, canSwitch: Bool = true) -> WebPageHost {
    WebPageHost(
      page: WebPage(title: "Film", model: { film }, sharing: .shared) { film, _ in
        let poster = HeadlessImageView()
        poster.accessibilityDescription = "Poster"
        let notes = HeadlessTextView()
        let screenings = HeadlessLabel(text: "No screenings")
        let tabs = HeadlessTabView(labels: ["Notes", "Screenings"], identifiers: ["notes", "screenings"])
        tabs.view.subviews = [notes, screenings]
        tabs.isEnabled = canSwitch
        let bindings = BindingSet()
        poster.bind(\.data, to: film, \.poster).store(in: bindings)
        tabs.bind(\.selectedIdentifier, to: film, \.tab).store(in: bindings)
        let view = HeadlessView()
        view.subviews = [poster, tabs]
        return WebContent(
          root: view, ids: ["Poster": poster, "Tabs": tabs, "Notes": notes, "Screenings": screenings],
          bindings: bindings)
      })
  }

  @Test func anImageIsADataURLOfItsRecognisedBytesAndBytesThatAreNoImageShowNone() async throws {
    let film = TabbedFilm()
    film.poster = Self.svg
    let tab = TestTab(page(film))
    let reset = try #require(await tab.hello())
    let poster = try #require(reset.element("Poster"))
    #expect(poster["kind"] == "image")
    #expect(poster.prop("source") == .string("data:image/svg+xml;base64," + Self.svg.base64EncodedString()))
    #expect(poster.prop("description") == "Poster")
    #expect(poster.prop("problem") == .null)
    _ = await tab.messages()
    await tab.host.perform { film.poster = Data("<script>alert(1)</script>".utf8) }
    let operations = await tab.messages().flatMap(\.operations).filter { $0["id"] == "Poster" }
    #expect(operations.contains { $0["key"] == "source" && $0["value"] == .null })
    #expect(operations.contains { $0["key"] == "problem" && $0["value"] == "not a PNG, JPEG, GIF, WebP or SVG image" })
  }

  @Test func aTabViewSendsItsTabsAndTheirViewsAndAChosenTabIsWrittenToTheModel() async throws {
    let film = TabbedFilm()
    let tab = TestTab(page(film))
    let reset = try #require(await tab.hello())
    let tabs = try #require(reset.element("Tabs"))
    #expect(tabs["kind"] == "tabs")
    #expect(tabs.prop("labels") == .array(["Notes", "Screenings"]))
    #expect(tabs.prop("selected") == .number(0))
    #expect(tabs.prop("views") == .array([.number(0), .number(1)]))
    #expect(reset.element("Notes")?["kind"] == "multiline")
    await tab.edit("Tabs", .number(1))
    await tab.host.perform {}
    #expect(film.tab == "screenings")
    await tab.host.perform { film.tab = "notes" }
    let operations = await tab.messages().flatMap(\.operations)
    #expect(operations.contains { $0["id"] == "Tabs" && $0["key"] == "selected" && $0["value"] == .number(0) })
  }

  @Test func anIndexOfNoTabOrAChoiceWhileDisabledIsRefusedAndChangesNothing() async throws {
    let film = TabbedFilm()
    let tab = TestTab(page(film))
    await tab.hello()
    _ = await tab.messages()
    for value: JSONValue in [.number(2), .number(-1), .number(0.5), "Screenings", .null] {
      await tab.edit("Tabs", value)
    }
    var errors = await tab.messages().filter { $0["type"] == "error" }.map { $0["code"] }
    #expect(errors == Array(repeating: "wrongValueType", count: 5))
    let locked = TestTab(page(TabbedFilm(), canSwitch: false))
    await locked.hello()
    _ = await locked.messages()
    await locked.edit("Tabs", .number(1))
    errors = await locked.messages().filter { $0["type"] == "error" }.map { $0["code"] }
    #expect(errors == ["disabled"])
    await tab.host.perform {}
    #expect(film.tab == "notes")
  }
}
