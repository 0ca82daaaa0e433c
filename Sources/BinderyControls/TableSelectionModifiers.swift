/// The keys held while a user selects in a table: Shift extends the selection from its anchor,
/// Control (⌘ on a Mac) toggles one row.
///
/// ```swift
/// table.userDidClickRow(4, modifiers: .extend)  // rows from the anchor to 4
/// table.userDidClickRow(7, modifiers: .toggle)  // 7 added or taken out
/// ```
public struct TableSelectionModifiers: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: Int

  /// Creates modifiers from their raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Shift: from the anchor row to this one.
  public static let extend = TableSelectionModifiers(rawValue: 1)
  /// Control or ⌘: this one row in or out, the others kept.
  public static let toggle = TableSelectionModifiers(rawValue: 2)
}
