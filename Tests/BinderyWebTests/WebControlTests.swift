import Bindery
import BinderyControls
import Testing

@testable import BinderyWeb

/// A control of the app's own, written outside Bindery: a rating of zero to five stars.
@KeyValueObservable
final class StarRating: EditableControl, EnablingControl, WebControl {
  var rating = 0
  var title = "Rating"
  var isEnabled = true

  /// Rates as a user would: `false`, and nothing changes, when disabled or out of range.
  func userDidRate(_ stars: Int) -> Bool {
    guard isEnabled, (0...5).contains(stars) else { return false }
    rating = stars
    keyValueRegistrar.userDidEdit(self, PropertyID("rating"), \.rating, value: stars)
    return true
  }

  static let script = "customElements.define('star-rating', class extends HTMLElement {});"
  static let webElement = WebElement<StarRating>(tag: "star-rating", script: script)
    .attribute("aria-label", \.title)
    .property("value", \.rating)
    .enabled(\.isEnabled)
    .edit(on: "change", reading: "value") { control, stars in control.userDidRate(stars) }
}

/// A control whose description breaks the rules: an attribute that would run the model's text.
@KeyValueObservable
final class UnsafeBadge: WebControl {
  var text = "alert(1)"
  static let webElement = WebElement<UnsafeBadge>(tag: "span").attribute("onclick", \.text)
}

@KeyValueObservable
final class Film: @unchecked Sendable {
  var stars = 3
  var isRated = true
}

@Suite("A control of the app's own on a web page")
struct WebControlTests {
  private func page(_ film: Film) -> WebPageHost {
    WebPageHost(
      page: WebPage(title: "Film", model: { film }, sharing: .shared, controls: [StarRating.self]) { film, _ in
        let rating = StarRating()
        let badge = UnsafeBadge()
        let bindings = BindingSet()
        rating.bind(\.rating, to: film, \.stars).store(in: bindings)
        rating.bind(\.isEnabled, to: film, \.isRated).store(in: bindings)
        let panel = HeadlessView()
        panel.subviews = [rating, badge]
        return WebContent(root: panel, ids: ["Rating": rating, "Badge": badge], bindings: bindings)
      })
  }

  @Test func theElementItsClassDeclaresIsInThePageWithTheControlsValues() async throws {
    let host = page(Film())
    let tab = TestTab(host)
    let reset = try #require(await tab.hello())
    let rating = try #require(reset["tree"]?.element("Rating"))
    #expect(rating["kind"] == "element")
    #expect(rating["tag"] == "star-rating")
    #expect(rating["props"]?["p:value"] == .number(3))
    #expect(rating["props"]?["a:aria-label"] == "Rating")
    #expect(rating["props"]?["enabled"] == .bool(true))
    #expect(rating["edits"] == .array([.object([("event", "change"), ("read", "value")])]))
  }

  @Test func theElementsEventIsAUserEditThatReachesTheModelAndAChangeOfTheModelReachesTheElement() async throws {
    let film = Film()
    let host = page(film)
    let (one, two) = (TestTab(host), TestTab(host))
    await one.hello()
    await two.hello()
    _ = await two.messages()

    await one.edit("Rating", .number(5))
    await host.perform {}
    let stars = await host.read { film.stars }
    #expect(stars == 5)
    let seen = await two.messages().flatMap(\.operations)
    #expect(seen.contains { $0["id"] == "Rating" && $0["key"] == "p:value" && $0["value"] == .number(5) })

    await host.perform { film.isRated = false }
    #expect(await two.messages().flatMap(\.operations).contains { $0["key"] == "enabled" && $0["value"] == false })
  }

  @Test(arguments: [
    (JSONValue.string("five"), WebInputError.Code.wrongValueType),
    (.number(2.5), .wrongValueType),
    (.number(9), .disabled),
  ])
  func aValueTheControlCannotTakeIsRefusedAndChangesNothing(value: JSONValue, code: WebInputError.Code) async throws {
    let film = Film()
    let host = page(film)
    let tab = TestTab(host)
    await tab.hello()
    await tab.edit("Rating", value)
    let error = await tab.messages().first { $0["type"] == "error" }
    #expect(error?["code"] == .string(code.rawValue))
    #expect(await host.read { film.stars } == 3)
  }

  @Test func aDescriptionThatWouldRunTheModelsTextIsNotShown() async throws {
    let tab = TestTab(page(Film()))
    let reset = try #require(await tab.hello())
    #expect(reset["tree"]?.element("Badge") == nil)
    #expect(WebElement<UnsafeBadge>(tag: "span").attribute("onclick", \.text).problems.count == 1)
    #expect(WebElement<UnsafeBadge>(tag: "script").problems.count == 1)
    #expect(WebElement<UnsafeBadge>(tag: "my-badge").property("innerHTML", \.text).problems.count == 1)
    #expect(WebElement<UnsafeBadge>(tag: "my-badge").property("textContent", \.text).problems.isEmpty)
  }

  @Test func thePageLoadsTheScriptOfEachControlItShows() throws {
    let controls: [any WebControl.Type] = [StarRating.self, StarRating.self, UnsafeBadge.self]
    let page = WebPage(title: "Film", model: { Film() }, controls: controls) { _, _ in WebContent(root: HeadlessView())
    }
    #expect(page.controlScripts.map(\.tag) == ["bindery-segments", "star-rating"], "Bindery's own first")
    let resources = try PageResources.load(title: "Film", rates: SocketRates(), controlTags: ["star-rating"])
    #expect(resources.html.contains(#"<script src="/controls/star-rating.js"></script>"#))
    #expect(!resources.html.contains("{{controls}}"))
  }
}

extension WebPageHost {
  /// Reads `body` on the page's actor.
  func read<Value: Sendable>(_ body: @Sendable () -> Value) -> Value { body() }
}
