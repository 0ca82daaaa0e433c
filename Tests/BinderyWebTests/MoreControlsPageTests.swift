import Bindery
import BinderyControls
import Foundation
import Testing

@testable import BinderyWeb

/// A film as the page of the more controls shows it.
@KeyValueObservable
final class ShownFilm: @unchecked Sendable {
  var released: Date?
  var notes = ""
  var stars = 2.0
  var layout = 0
  var uploaded = 40.0
  var isUploading = false
  var rating = 3.0
  var canRate = true
  var isRatingEnabled = true
}

@Suite("Date pickers, text views, indicators and segments on a web page")
struct MoreControlsPageTests {
  private let utc = TimeZone(identifier: "UTC")!

  private func page(_ film: ShownFilm) -> WebPageHost {
    let utc = self.utc
    return WebPageHost(
      page: WebPage(title: "Film", model: { film }, sharing: .shared) { film, _ in
        let released = HeadlessDatePicker(
          minDate: HeadlessDatePicker.date(ofDay: "1900-01-01", in: utc),
          maxDate: HeadlessDatePicker.date(ofDay: "2100-12-31", in: utc))
        released.timeZone = utc
        let notes = HeadlessTextView()
        let stars = HeadlessLevelIndicator(maxValue: 5, warningValue: 2, criticalValue: 1)
        let upload = HeadlessProgressIndicator()
        let layout = HeadlessSegmentedControl(labels: ["List", "Grid"], tags: [10, 20])
        let rating = HeadlessLevelIndicator(maxValue: 5, warningValue: 2, criticalValue: 1)
        rating.isEditable = true
        let bindings = BindingSet()
        rating.bind(\.value, to: film, \.rating).store(in: bindings)
        rating.bind(\.isEditable, to: film, \.canRate).store(in: bindings)
        rating.bind(\.isEnabled, to: film, \.isRatingEnabled).store(in: bindings)
        released.bind(\.dateValue, to: film, \.released).store(in: bindings)
        notes.bind(\.text, to: film, \.notes, options: BindingOptions(updatesContinuously: false)).store(in: bindings)
        stars.bind(\.value, to: film, \.stars).store(in: bindings)
        upload.bind(\.value, to: film, \.uploaded).store(in: bindings)
        upload.bind(\.isIndeterminate, to: film, \.isUploading).store(in: bindings)
        layout.bind(\.selectedTag, to: film, \.layout).store(in: bindings)
        let view = HeadlessView()
        view.subviews = [released, notes, stars, upload, layout, rating]
        return WebContent(
          root: view,
          ids: [
            "Released": released, "Notes": notes, "Stars": stars, "Upload": upload, "Layout": layout,
            "Rating": rating,
          ],
          bindings: bindings)
      })
  }

  @Test func eachControlIsTheElementItsDescriptionNames() async throws {
    let film = ShownFilm()
    film.released = HeadlessDatePicker.date(ofDay: "1977-05-25", in: utc)
    let reset = try #require(await TestTab(page(film)).hello())
    let released = try #require(reset.element("Released"))
    #expect(released["tag"] == "input")
    #expect(released["attrs"] == .object([("type", "date")]))
    #expect(released.prop("p:value") == "1977-05-25")
    #expect(released.prop("a:min") == "1900-01-01")
    #expect(released.prop("a:max") == "2100-12-31")
    #expect(reset.element("Notes")?["kind"] == "multiline")
    let stars = try #require(reset.element("Stars"))
    #expect(stars["tag"] == "meter")
    #expect(stars.prop("p:value") == .number(2))
    #expect(stars.prop("a:low") == .number(1))
    #expect(stars.prop("a:high") == .number(2))
    #expect(stars.prop("a:optimum") == .number(5), "a warning above the critical value: high is good")
    let upload = try #require(reset.element("Upload"))
    #expect(upload["tag"] == "progress")
    #expect(upload.prop("a:value") == .number(0.4))
    let layout = try #require(reset.element("Layout"))
    #expect(layout["tag"] == "bindery-segments")
    #expect(layout.prop("p:segments") == "List\u{1F}Grid")
    #expect(layout.prop("p:selectedIndex") == .number(-1))
  }

  @Test func aDayPickedOnThePageIsWrittenAndADayThatIsNotOneIsRefused() async throws {
    let film = ShownFilm()
    let tab = TestTab(page(film))
    await tab.hello()
    await tab.edit("Released", "1850-03-01")
    await tab.host.perform {}
    #expect(film.released == HeadlessDatePicker.date(ofDay: "1900-01-01", in: utc), "clamped to the earliest day")
    await tab.edit("Released", "2023-02-30")
    await tab.edit("Released", .number(3))
    let errors = await tab.messages().filter { $0["type"] == "error" }.map { $0["code"] }
    #expect(errors == ["wrongValueType", "wrongValueType"])
    await tab.host.perform {}
    #expect(film.released == HeadlessDatePicker.date(ofDay: "1900-01-01", in: utc))
  }

  @Test func aTextViewsTypingIsWrittenWhenItsEditingEnds() async throws {
    let film = ShownFilm()
    let tab = TestTab(page(film))
    await tab.hello()
    await tab.edit("Notes", "Seen\ntwice")
    await tab.host.perform {}
    #expect(film.notes == "")
    await tab.action("Notes")
    await tab.host.perform {}
    #expect(film.notes == "Seen\ntwice")
    await tab.edit("Notes", .string(String(repeating: "x", count: TextFieldMirror.maximumLength + 1)))
    let errors = await tab.messages().filter { $0["type"] == "error" }.map { $0["code"] }
    #expect(errors == ["wrongValueType"])
  }

  @Test func aSegmentChosenOnThePageIsWrittenAsItsTagAndAnIndexOfNoSegmentIsRefused() async throws {
    let film = ShownFilm()
    let tab = TestTab(page(film))
    await tab.hello()
    _ = await tab.messages()
    await tab.edit("Layout", .number(1))
    await tab.host.perform {}
    #expect(film.layout == 20)
    await tab.edit("Layout", .number(2))
    await tab.edit("Layout", "Grid")
    let errors = await tab.messages().filter { $0["type"] == "error" }.map { $0["code"] }
    #expect(errors == ["wrongValueType", "wrongValueType"])
  }

  @Test func anEditableLevelIndicatorIsARatingWhoseStarChosenOnThePageIsWrittenRoundedAndClamped() async throws {
    let film = ShownFilm()
    let tab = TestTab(page(film))
    let reset = try #require(await tab.hello())
    let rating = try #require(reset.element("Rating"))
    #expect(rating["kind"] == "rating")
    #expect(rating.prop("stars") == .array([1, 2, 3, 4, 5].map { .number($0) }))
    #expect(rating.prop("value") == .number(3))
    #expect(rating.prop("level") == "normal", "a warning value above the critical one: low values are the worry")
    #expect(rating.prop("editable") == .bool(true))
    _ = await tab.messages()
    await tab.edit("Rating", .number(4.4))
    await tab.host.perform {}
    #expect(film.rating == 4)
    await tab.edit("Rating", .number(9))
    await tab.host.perform {}
    #expect(film.rating == 5, "clamped to the maximum")
    await tab.edit("Rating", "five")
    await tab.host.perform { film.rating = 1 }
    let messages = await tab.messages()
    #expect(messages.filter { $0["type"] == "error" }.map { $0["code"] } == ["wrongValueType"])
    let operations = messages.flatMap(\.operations)
    #expect(operations.contains { $0["id"] == "Rating" && $0["key"] == "level" && $0["value"] == "critical" })
    #expect(film.rating == 1)
  }

  @Test func aRatingTakesNoChoiceWhileItIsNotEditableOrDisabled() async throws {
    let film = ShownFilm()
    let tab = TestTab(page(film))
    await tab.hello()
    _ = await tab.messages()
    await tab.host.perform { film.canRate = false }
    await tab.edit("Rating", .number(5))
    await tab.host.perform {
      film.canRate = true
      film.isRatingEnabled = false
    }
    await tab.edit("Rating", .number(5))
    let messages = await tab.messages()
    #expect(messages.filter { $0["type"] == "error" }.map { $0["code"] } == ["disabled", "disabled"])
    #expect(messages.flatMap(\.operations).contains { $0["id"] == "Rating" && $0["key"] == "editable" })
    #expect(film.rating == 3)
  }

  @Test func aProgressThatBecomesIndeterminateLosesItsValueOnThePage() async throws {
    let film = ShownFilm()
    let tab = TestTab(page(film))
    await tab.hello()
    _ = await tab.messages()
    await tab.host.perform { film.isUploading = true }
    let operations = await tab.messages().flatMap(\.operations)
    #expect(operations.contains { $0["id"] == "Upload" && $0["key"] == "a:value" && $0["value"] == .null })
  }

  @Test func theSegmentsElementsScriptIsServedWithEveryPage() {
    let page = WebPage(title: "Empty", model: { ShownFilm() }) { _, _ in WebContent(root: HeadlessView()) }
    #expect(page.controlScripts.map(\.tag) == ["bindery-segments"])
    #expect(HeadlessDatePicker.webElement.problems.isEmpty)
    #expect(HeadlessLevelIndicator.webElement.problems.isEmpty)
    #expect(HeadlessProgressIndicator.webElement.problems.isEmpty)
    #expect(HeadlessSegmentedControl.webElement.problems.isEmpty)
  }
}
