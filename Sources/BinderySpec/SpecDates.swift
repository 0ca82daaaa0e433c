import Foundation

/// Dates as spec files write them: a day (`2024-05-01`, the start of that day in this machine's time
/// zone) or a moment in ISO 8601 (`2024-05-01T12:30:00Z`).
enum SpecDates {
  /// The type of a date property.
  static let dateType: Any.Type = Date.self

  /// The date `text` names, or `nil` when it names none (`2023-02-30`, `May 1st`).
  static func date(_ text: String) -> Any? {
    let fields = text.split(separator: "-", omittingEmptySubsequences: false)
    if fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
      fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2])
    {
      let calendar = Calendar(identifier: .gregorian)
      guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
      let back = calendar.dateComponents([.year, .month, .day], from: date)
      guard back.year == year, back.month == month, back.day == day else { return nil }
      return date
    }
    return try? Date.ISO8601FormatStyle().parse(text)
  }
}
