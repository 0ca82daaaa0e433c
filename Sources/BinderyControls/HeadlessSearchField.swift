public import Bindery

/// A headless search field: text a user types to filter a list, and a menu of the ways it searches
/// (its templates), of which the chosen one's title is the placeholder.
///
/// ```swift
/// let search = HeadlessSearchField()
/// try search.bind(filterOf: people, templates: [
///   SearchTemplate("Name", expression: "name contains[cd] $value"),
///   SearchTemplate("City", expression: "city beginswith[c] $value"),
/// ])
/// search.userDidEdit(text: "ada")           // people shows Ada, Adèle…, as the user types
/// search.userDidChooseTemplate(index: 1)    // …now the people whose city begins with "ada"
/// search.userDidClear()                     // everyone again
/// ```
@KeyValueObservable
public final class HeadlessSearchField: EditableControl, EnablingControl {
  /// The text typed; empty when the field is clear (then nothing is filtered out).
  public var text: String
  /// The text shown while the field is empty: the chosen template's title once bound.
  public var placeholder: String?
  /// The titles of the templates the user chooses among, in order (the field's menu).
  public var templateTitles: [String] = []
  /// The index of the chosen template in ``templateTitles``.
  public var templateIndex = 0
  /// Whether the user can type and choose.
  public var isEnabled = true
  /// Whether the field is hidden.
  public var isHidden = false

  static let textID = #propertyID("text")
  static let templateIndexID = #propertyID("templateIndex")

  /// Creates a field showing `text`.
  public init(text: String = "", placeholder: String? = nil) {
    self.text = text
    self.placeholder = placeholder
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(text: "")
  }

  /// Types `text` as a user would, each keystroke at once (a search field is continuous): sets it
  /// and reports the edit, which filters with it.
  ///
  /// - Returns: `false`, and changes nothing, when the field is disabled or hidden.
  @discardableResult
  public func userDidEdit(text newText: String) -> Bool {
    guard isEnabled, !isHidden else { return false }
    text = newText
    keyValueRegistrar.userDidEdit(self, Self.textID, \.text, value: text)
    return true
  }

  /// Empties the field as a user would (its clear button, or Escape): everything is shown again.
  ///
  /// - Returns: `false`, and changes nothing, when the field is disabled or hidden.
  @discardableResult
  public func userDidClear() -> Bool {
    userDidEdit(text: "")
  }

  /// Chooses the template at `index` in the field's menu as a user would: the placeholder becomes
  /// its title and the current text filters again through it.
  ///
  /// - Returns: `false`, and changes nothing, when the field is disabled or hidden, or there is no
  ///   template at `index`.
  @discardableResult
  public func userDidChooseTemplate(index: Int) -> Bool {
    guard isEnabled, !isHidden, templateTitles.indices.contains(index) else { return false }
    templateIndex = index
    placeholder = templateTitles[index]
    keyValueRegistrar.userDidEdit(self, Self.templateIndexID, \.templateIndex, value: templateIndex)
    return true
  }
}

extension HeadlessSearchField: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
