/// A column of a table as a spec file declares it: its identifier, its header's title and the key
/// its header sorts by, checked against the class of the table's items when the file loads.
///
/// ```yaml
/// columns:
///   - {id: title, title: Title, value: title, sortKey: title, editable: true}
/// ```
public struct TableColumnDeclaration: Sendable, Equatable {
  /// The column's identifier, unique in its table (Cocoa's `NSTableColumn.identifier`).
  public let id: String
  /// The header's text.
  public let title: String
  /// The key path (`title`, `director.name`) a click on the header sorts by, or `nil` when the
  /// header does not sort. Checked to name a `Comparable` value of the items.
  public let sortKey: String?

  /// Creates a column's declaration.
  public init(id: String, title: String, sortKey: String? = nil) {
    self.id = id
    self.title = title
    self.sortKey = sortKey
  }
}
