public import BinderyControls

extension HeadlessDatePicker: WebControl {
  /// A page shows a date picker as an `<input type="date">` between its earliest and latest days;
  /// a day chosen is the user's edit of ``HeadlessDatePicker/dateValue`` (clamped to the range). A
  /// text that is not a day (`2023-02-30`) is refused as the wrong value and changes nothing.
  public static let webElement = WebElement<HeadlessDatePicker>(tag: "input")
    .attribute("type", "date")
    .attribute("min", \.webMinimumDay)
    .attribute("max", \.webMaximumDay)
    .property("value", \.day)
    .enabled(\.isEnabled)
    .hidden(\.isHidden)
    .edit(
      on: "change", reading: "value",
      accepting: { picker, text in text.isEmpty || HeadlessDatePicker.date(ofDay: text, in: picker.timeZone) != nil }
    ) { picker, text in picker.userDidPick(day: text) }
}

extension HeadlessDatePicker {
  /// The earliest day a user can pick, as `yyyy-MM-dd` in the picker's time zone.
  var webMinimumDay: String? { minDate.map { Self.day(of: $0, in: timeZone) } }
  /// The latest day a user can pick, as `yyyy-MM-dd` in the picker's time zone.
  var webMaximumDay: String? { maxDate.map { Self.day(of: $0, in: timeZone) } }
}
