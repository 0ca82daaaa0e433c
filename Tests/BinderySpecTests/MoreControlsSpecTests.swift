import Bindery
import BinderyControls
import BinderySpec
import Foundation
import Testing

/// A film as the spec files of the more controls bind it.
@KeyValueObservable
final class DatedFilm {
  var released: Date?
  var notes = ""
  var stars = 0.0
  var layout = 0
  var tab: String?
}

/// The classes of the more controls' spec files.
private let moreClasses: SpecClassRegistry = {
  let registry = SpecClassRegistry()
  registry.register(HeadlessControls.classes, lists: HeadlessControls.lists)
  registry.register(DatedFilm.self) { DatedFilm() }
  return registry
}()

/// A bad field of one of the more controls: the field's lines, and the first error's kind and place.
struct BadControlField: CustomTestStringConvertible, Sendable {
  let yaml: String
  let messagePart: String
  let line: Int
  let column: Int
  let kind: SpecError.Kind
  var testDescription: String { yaml }
}

@Suite("Date pickers, text views, indicators, images, segments and tabs in spec files")
struct MoreControlsSpecTests {
  private let yaml = """
    Film:
      class: DatedFilm
    Released:
      class: NSDatePicker
      minDate: 1900-01-01
      maxDate: 2100-12-31
      bindings:
        dateValue: {to: /Film, value: released}
    Notes:
      class: TextView
      bindings:
        text: {to: /Film, value: 'notes { updatesContinuously: false }'}
    Stars:
      class: LevelIndicator
      maxValue: 5
      warningValue: 2
      criticalValue: 1
      editable: true
      bindings:
        value: {to: /Film, value: stars}
    Upload:
      class: NSProgressIndicator
      indeterminate: true
    Poster:
      class: ImageView
      valuePath: no-such-poster.png
    Layout:
      class: SegmentedControl
      labels: [List, Grid]
      tags: [10, 20]
      bindings:
        selectedTag: {to: /Film, value: layout}
    General:
      class: View
    Details:
      class: View
    Tabs:
      class: NSTabView
      labels: [General, Details]
      identifiers: [general, details]
      view:
        subviews: [/General, /Details]
      bindings:
        selectedIdentifier: {to: /Film, value: tab}
    """

  @Test("A spec file declares each control by its short or its Cocoa name, with its fields and bindings")
  func aSpecDeclaresTheControls() throws {
    let spec = try SpecFile.load(yaml: yaml, classes: moreClasses)
    let film = try #require(spec.object(named: "Film", as: DatedFilm.self))
    let released = try #require(spec.object(named: "Released", as: HeadlessDatePicker.self))
    let notes = try #require(spec.object(named: "Notes", as: HeadlessTextView.self))
    let stars = try #require(spec.object(named: "Stars", as: HeadlessLevelIndicator.self))
    let upload = try #require(spec.object(named: "Upload", as: HeadlessProgressIndicator.self))
    let poster = try #require(spec.object(named: "Poster", as: HeadlessImageView.self))
    let layout = try #require(spec.object(named: "Layout", as: HeadlessSegmentedControl.self))
    let tabs = try #require(spec.object(named: "Tabs", as: HeadlessTabView.self))

    released.timeZone = Calendar(identifier: .gregorian).timeZone
    #expect(released.userDidPick(day: "1850-06-01"))
    #expect(released.day == "1900-01-01", "clamped to the spec's minDate")
    #expect(film.released == released.dateValue)

    notes.userDidEdit(text: "Long\nnotes")
    #expect(film.notes == "")
    notes.userDidEndEditing()
    #expect(film.notes == "Long\nnotes")

    #expect(stars.userDidSet(value: 4))
    #expect(film.stars == 4)
    film.stars = 1
    #expect(stars.level == .critical)

    #expect(upload.isIndeterminate)
    #expect(poster.problem == .missingFile("no-such-poster.png"))

    #expect(layout.userDidSelect(index: 1))
    #expect(film.layout == 20)

    #expect(tabs.view.subviews.count == 2)
    #expect(tabs.userDidSelect(index: 1))
    #expect(film.tab == "details")
    #expect(tabs.selectedView === spec.object(named: "Details", as: HeadlessView.self))
    spec.unbind()
  }

  static let badFields: [BadControlField] = [
    BadControlField(
      yaml: "X:\n  class: DatePicker\n  minDate: May 1st\n", messagePart: "minDate", line: 3, column: 12,
      kind: .typeMismatch),
    BadControlField(
      yaml: "X:\n  class: SegmentedControl\n  labels: List\n", messagePart: "labels", line: 3, column: 11,
      kind: .typeMismatch),
    BadControlField(
      yaml: "X:\n  class: SegmentedControl\n  tags: [1, two]\n", messagePart: "tags", line: 3, column: 9,
      kind: .typeMismatch),
    BadControlField(
      yaml: "X:\n  class: NSLevelIndicator\n  warnValue: 3\n", messagePart: "warnValue", line: 3, column: 3,
      kind: .unknownKey),
    BadControlField(
      yaml: "X:\n  class: TabView\n  selectedIndex: first\n", messagePart: "selectedIndex", line: 3, column: 18,
      kind: .typeMismatch),
  ]

  @Test("A bad field of one of these controls is a located error at load time", arguments: badFields)
  func aBadFieldIsALocatedError(_ bad: BadControlField) {
    do {
      let spec = try SpecFile.load(yaml: bad.yaml, file: "bad.yaml", classes: moreClasses)
      Issue.record("loaded \(spec.names)")
    } catch {
      let first = error.errors.first
      #expect(first?.message.contains(bad.messagePart) == true, "\(error)")
      #expect(first?.line == bad.line)
      #expect(first?.column == bad.column)
      #expect(first?.kind == bad.kind)
    }
  }
}
