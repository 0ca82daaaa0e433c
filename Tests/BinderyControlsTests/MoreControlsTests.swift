import Bindery
import BinderyControls
import Foundation
import Testing

/// A film, as the tests of the date picker, text view, level indicator and image view bind it.
@KeyValueObservable
final class FilmRecord {
  var released: Date?
  var notes = ""
  var stars = 0.0
  var poster: String?
  var posterData: Data?
  var layout = 0
  var layoutName: String?
  var tab: String?
}

/// The start of `day` (`yyyy-MM-dd`) in UTC.
private func utcDay(_ day: String) -> Date {
  HeadlessDatePicker.date(ofDay: day, in: TimeZone(identifier: "UTC")!)!
}

/// The eight bytes that open every PNG file, and a few more.
private let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])

@Suite("Date pickers, text views, indicators, images, segments and tabs")
struct MoreControlsTests {
  @Test func aPickedDateIsWrittenButADateSetByCodeIsNot() {
    let film = FilmRecord()
    let picker = HeadlessDatePicker()
    picker.timeZone = TimeZone(identifier: "UTC")!
    picker.bind(\.dateValue, to: film, \.released)
    #expect(picker.userDidPick(day: "1977-05-25"))
    #expect(film.released == utcDay("1977-05-25"))
    picker.dateValue = utcDay("2000-01-01")
    #expect(film.released == utcDay("1977-05-25"), "a programmatic set is not written back")
    film.released = utcDay("1982-06-25")
    #expect(picker.day == "1982-06-25")
  }

  @Test func aDatePickerClampsAUsersDateToItsRangeButShowsTheModelsAsItIs() {
    let picker = HeadlessDatePicker(minDate: utcDay("2000-12-31"), maxDate: utcDay("2000-01-01"))
    #expect(picker.minDate == utcDay("2000-01-01"), "bounds upside down are put right")
    picker.userDidPick(date: utcDay("1999-03-01"))
    #expect(picker.dateValue == utcDay("2000-01-01"))
    picker.userDidPick(date: utcDay("2024-03-01"))
    #expect(picker.dateValue == utcDay("2000-12-31"))
    picker.dateValue = utcDay("1990-01-01")
    #expect(picker.dateValue == utcDay("1990-01-01"))
  }

  @Test func aDatePickerRefusesADayThatIsNotOne() {
    let picker = HeadlessDatePicker(dateValue: utcDay("2023-01-01"))
    for text in ["2023-02-30", "2023-2-3", "tomorrow", "0000-01-01", "２０２３-01-01", "2023-13-01"] {
      #expect(!picker.userDidPick(day: text), "\(text)")
    }
    #expect(picker.dateValue == utcDay("2023-01-01"))
    #expect(picker.userDidPick(day: ""))
    #expect(picker.dateValue == nil)
    picker.isEnabled = false
    #expect(!picker.userDidPick(day: "2023-01-02"))
  }

  @Test func aTextViewWritesOnCommitUnlessItsBindingUpdatesContinuously() {
    let film = FilmRecord()
    let onCommit = HeadlessTextView()
    onCommit.bind(\.text, to: film, \.notes, options: BindingOptions(updatesContinuously: false))
    onCommit.userDidBeginEditing()
    onCommit.userDidEdit(text: "Seen\ntwice")
    #expect(film.notes == "", "not yet: editing has not ended")
    onCommit.userDidEndEditing()
    #expect(film.notes == "Seen\ntwice")

    let other = FilmRecord()
    let continuous = HeadlessTextView()
    continuous.bind(\.text, to: other, \.notes)
    continuous.userDidEdit(text: "a")
    #expect(other.notes == "a")
    continuous.text = "set by code"
    #expect(other.notes == "a")
    continuous.isEditable = false
    #expect(!continuous.userDidEdit(text: "b"))
    #expect(continuous.text == "set by code")
  }

  @Test func aLevelIndicatorIsARatingOnlyWhenEditableAndRoundsAndClampsIt() {
    let film = FilmRecord()
    let stars = HeadlessLevelIndicator(maxValue: 5)
    stars.bind(\.value, to: film, \.stars)
    #expect(!stars.userDidSet(value: 3), "not editable by default, as NSLevelIndicator")
    stars.isEditable = true
    #expect(stars.userDidSet(value: 3.6))
    #expect(film.stars == 4)
    #expect(stars.userDidSet(value: 9))
    #expect(film.stars == 5)
    #expect(!stars.userDidSet(value: .nan))
    film.stars = 2
    #expect(stars.value == 2)
  }

  @Test func aLevelIsAWarningOrCriticalByItsThresholdsEitherWayRound() {
    let disk = HeadlessLevelIndicator(value: 50, maxValue: 100, warningValue: 75, criticalValue: 90)
    #expect(disk.level == .normal)
    disk.value = 80
    #expect(disk.level == .warning)
    disk.value = 95
    #expect(disk.level == .critical)
    let battery = HeadlessLevelIndicator(value: 50, maxValue: 100, warningValue: 25, criticalValue: 10)
    #expect(battery.level == .normal)
    battery.value = 20
    #expect(battery.level == .warning)
    battery.value = 5
    #expect(battery.level == .critical)
  }

  @Test func aRatingShowsAStarForEachWholeValueFromOneToItsMaximumAndNoMoreThanTwenty() {
    #expect(HeadlessLevelIndicator(maxValue: 5).ratingStars == [1, 2, 3, 4, 5])
    #expect(HeadlessLevelIndicator(minValue: 2.5, maxValue: 5.5).ratingStars == [3, 4, 5])
    #expect(HeadlessLevelIndicator(maxValue: 1000).ratingStars.count == HeadlessLevelIndicator.maximumRatingStars)
    #expect(HeadlessLevelIndicator(maxValue: 0.5).ratingStars.isEmpty)
    #expect(HeadlessLevelIndicator(maxValue: .infinity).ratingStars.isEmpty)
    #expect(HeadlessLevelIndicator(minValue: -.infinity, maxValue: 3).ratingStars == [1, 2, 3])
  }

  @Test func aProgressIndicatorShowsTheFractionDoneAndNothingWhileIndeterminate() {
    let progress = HeadlessProgressIndicator(value: 25, minValue: 100, maxValue: 0)
    #expect(progress.fractionDone == 0.25)
    progress.value = 250
    #expect(progress.fractionDone == 1)
    progress.isIndeterminate = true
    #expect(progress.fractionDone == 0)
    progress.isIndeterminate = false
    progress.value = .nan
    #expect(progress.fractionDone == 0)
  }

  @Test func anImageViewShowsAFilesBytesAndAMarkerForAMissingOrForeignFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bindery-images-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = folder.appendingPathComponent("poster.png")
    let text = folder.appendingPathComponent("notes.txt")
    try pngBytes.write(to: png)
    try Data("not an image".utf8).write(to: text)

    let film = FilmRecord()
    let poster = HeadlessImageView()
    poster.bind(\.valuePath, to: film, \.poster)
    film.poster = png.path
    #expect(poster.imageData == pngBytes)
    #expect(poster.mediaType == "image/png")
    #expect(poster.problem == nil)
    film.poster = folder.appendingPathComponent("gone.png").path
    #expect(poster.imageData == nil)
    #expect(poster.problem == .missingFile(folder.appendingPathComponent("gone.png").path))
    film.poster = text.path
    #expect(poster.problem == .notAnImage)
    film.poster = folder.path
    #expect(poster.problem == .unreadableFile(folder.path))
    poster.valueURL = URL(string: "https://example.com/p.png")
    #expect(poster.problem == .unsupportedURL("https://example.com/p.png"))
    poster.valueURL = png
    #expect(poster.imageData == pngBytes)
    film.poster = nil
    #expect(poster.imageData == nil && poster.problem == nil)
  }

  @Test func anImageDroppedByAUserIsWrittenOnlyWhenEditableAndAnImage() {
    let film = FilmRecord()
    let poster = HeadlessImageView()
    poster.bind(\.data, to: film, \.posterData)
    #expect(!poster.userDidDrop(data: pngBytes), "not editable by default")
    poster.isEditable = true
    #expect(!poster.userDidDrop(data: Data("text".utf8)))
    #expect(film.posterData == nil)
    #expect(poster.userDidDrop(data: pngBytes))
    #expect(film.posterData == pngBytes)
    poster.data = Data([1, 2, 3])
    #expect(poster.problem == .notAnImage)
    #expect(film.posterData == pngBytes, "a programmatic set is not written back")
  }

  @Test func aSegmentedControlKeepsItsIndexLabelAndTagTogetherAndWritesAUsersChoice() {
    let film = FilmRecord()
    let layout = HeadlessSegmentedControl(labels: ["List", "Grid", "Columns"], tags: [10, 20])
    layout.bind(\.selectedTag, to: film, \.layout)
    #expect(layout.selectedIndex == nil, "tag 0 is no segment's")
    #expect(layout.userDidSelect(index: 1))
    #expect(film.layout == 20)
    #expect(layout.selectedLabel == "Grid")
    layout.selectedLabel = "Columns"
    #expect(layout.selectedIndex == 2)
    #expect(layout.selectedTag == 2, "a segment without a tag is tagged by its index")
    #expect(film.layout == 20, "a programmatic set is not written back")
    film.layout = 10
    #expect(layout.selectedLabel == "List")
    layout.selectedLabel = "Nothing"
    #expect(layout.selectedIndex == nil && layout.selectedTag == nil)
    #expect(!layout.userDidSelect(index: 3))
  }

  @Test func aTabViewSelectsItsFirstTabAndWritesTheIdentifierAUserChooses() {
    let film = FilmRecord()
    let tabs = HeadlessTabView()
    tabs.labels = ["General", "Notes"]
    tabs.identifiers = ["general"]
    let general = HeadlessView()
    let notes = HeadlessView()
    tabs.view.subviews = [general, notes]
    #expect(tabs.selectedIndex == 0)
    #expect(tabs.selectedView === general)
    tabs.bind(\.selectedIdentifier, to: film, \.tab)
    #expect(tabs.selectedIndex == nil, "the model's nil selects no tab")
    #expect(tabs.userDidSelect(index: 1))
    #expect(film.tab == "Notes", "a tab without an identifier is identified by its label")
    #expect(tabs.selectedView === notes)
    film.tab = "general"
    #expect(tabs.selectedLabel == "General")
    tabs.isEnabled = false
    #expect(!tabs.userDidSelect(index: 1))
    #expect(film.tab == "general")
  }
}
