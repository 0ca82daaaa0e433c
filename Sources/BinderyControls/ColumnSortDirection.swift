/// How a table's column header shows the order of the rows: sorted by that column ascending,
/// descending, or not by it (Cocoa's sort indicator, and the web's `aria-sort`).
public enum ColumnSortDirection: String, Sendable, CaseIterable {
  /// The rows are sorted by the column, smallest first.
  case ascending
  /// The rows are sorted by the column, largest first.
  case descending
  /// The rows are not sorted by the column first.
  case none
}
