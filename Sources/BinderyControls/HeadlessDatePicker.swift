public import Bindery
public import Foundation

/// A headless date picker (Cocoa's `NSDatePicker`): a day a user picks, between an optional earliest
/// and latest date.
///
/// ```swift
/// let released = HeadlessDatePicker()
/// released.bind(\.dateValue, to: film, \.releaseDate)
/// released.userDidPick(date: someDay)      // as if picked: writes film.releaseDate
/// released.userDidPick(day: "1977-05-25")  // as a page's <input type=date> sends it
/// released.dateValue = nil                 // programmatic: not written back
/// ```
///
/// A date a user picks outside ``minDate`` … ``maxDate`` is clamped to the nearest end, as
/// `NSDatePicker` clamps its value; a date set by code (a binding from the model) is shown as it is,
/// so a model's value is never rewritten by showing it.
@KeyValueObservable
public final class HeadlessDatePicker: EditableControl, EnablingControl {
  /// The date shown (Cocoa's `value` binding, `dateValue`); `nil` shows none.
  public var dateValue: Date?
  /// The earliest date a user can pick, if any (`NSDatePicker.minDate`).
  public var minDate: Date?
  /// The latest date a user can pick, if any (`NSDatePicker.maxDate`).
  public var maxDate: Date?
  /// The time zone whose calendar days ``day`` and ``userDidPick(day:)`` speak of; this machine's by default.
  public var timeZone = TimeZone.current
  /// Whether the user can pick.
  public var isEnabled = true
  /// Whether the picker is hidden.
  public var isHidden = false

  private static let dateValueID = #propertyID("dateValue")

  /// Creates a picker; bounds given upside down are put right.
  public init(dateValue: Date? = nil, minDate: Date? = nil, maxDate: Date? = nil) {
    if let minDate, let maxDate, minDate > maxDate {
      self.minDate = maxDate
      self.maxDate = minDate
    } else {
      self.minDate = minDate
      self.maxDate = maxDate
    }
    self.dateValue = dateValue
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(dateValue: nil)
  }

  /// `date` within ``minDate`` … ``maxDate`` (the nearest end when outside).
  public func clamped(_ date: Date) -> Date {
    var date = date
    if let minDate, date < minDate { date = minDate }
    if let maxDate, date > maxDate { date = maxDate }
    return date
  }

  /// Picks `date` as a user would (clamped to the picker's range), and reports the edit; `nil`
  /// clears the picker.
  ///
  /// - Returns: `false`, and changes nothing, when the picker is disabled or hidden.
  @discardableResult
  public func userDidPick(date: Date?) -> Bool {
    guard isEnabled, !isHidden else { return false }
    dateValue = date.map(clamped)
    keyValueRegistrar.userDidEdit(self, Self.dateValueID, \.dateValue, value: dateValue)
    return true
  }

  /// Picks the day `text` names (`yyyy-MM-dd`, as HTML's `<input type=date>` sends it), at the start
  /// of that day in ``timeZone``; the empty text clears the picker.
  ///
  /// - Returns: `false`, and changes nothing, when the picker is disabled or hidden, or `text` is not
  ///   such a day (`2023-02-30`, `2023-2-3`, `tomorrow`).
  @discardableResult
  public func userDidPick(day text: String) -> Bool {
    if text.isEmpty { return userDidPick(date: nil) }
    guard let date = Self.date(ofDay: text, in: timeZone) else { return false }
    return userDidPick(date: date)
  }

  /// The day of ``dateValue`` as `yyyy-MM-dd` in ``timeZone``; empty when there is no date.
  public var day: String {
    dateValue.map { Self.day(of: $0, in: timeZone) } ?? ""
  }

  /// The day of `date` as `yyyy-MM-dd` in `timeZone` (years 1 to 9999; others as the nearest).
  public static func day(of date: Date, in timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.era, .year, .month, .day], from: date)
    let year = parts.era == 0 ? 1 : min(max(parts.year ?? 1, 1), 9999)
    func padded(_ number: Int, _ width: Int) -> String {
      let digits = String(number)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(year, 4))-\(padded(parts.month ?? 1, 2))-\(padded(parts.day ?? 1, 2))"
  }

  /// The start of the day `text` names (`yyyy-MM-dd`, years 0001 to 9999) in `timeZone`, or `nil`
  /// when `text` is not such a day.
  public static func date(ofDay text: String, in timeZone: TimeZone) -> Date? {
    let fields = text.split(separator: "-", omittingEmptySubsequences: false)
    guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
      fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
      year >= 1, (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = DateComponents(year: year, month: month, day: day)
    guard let date = calendar.date(from: parts) else { return nil }
    // Foundation rolls 30 February over into March: refuse a day the calendar does not have.
    let back = calendar.dateComponents([.year, .month, .day], from: date)
    guard back.year == year, back.month == month, back.day == day else { return nil }
    return date
  }
}

extension HeadlessDatePicker: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
