/// A way of searching an array controller's objects, as a search field offers it: a title (the
/// field's placeholder, and an item of its menu of templates) and a filter expression of the
/// expression language in which `$value` is the text the user types (Cocoa's Display Name and
/// Predicate Format options of a search field's `predicate` binding).
///
/// ```swift
/// let byName = SearchTemplate("Name", expression: "name contains[cd] $value")
/// let byCity = SearchTemplate("City", expression: "address.city beginswith[c] $value")
/// ```
public struct SearchTemplate: Sendable, Hashable {
  /// The title: shown as the search field's placeholder while this template is chosen, and in its
  /// menu of templates.
  public var title: String
  /// The filter expression: a Boolean of the expression language in which `$value` is the text the
  /// user types (`name contains[cd] $value`).
  public var expression: String

  /// Creates a template titled `title` that filters with `expression`.
  public init(_ title: String, expression: String) {
    self.title = title
    self.expression = expression
  }
}
