public import Bindery

/// A headless tab view (Cocoa's `NSTabView`): labelled tabs, each showing one view, one of them selected.
///
/// ```swift
/// let tabs = HeadlessTabView(labels: ["General", "Notes"], identifiers: ["general", "notes"])
/// tabs.view.subviews = [generalForm, notesForm]   // one view a tab, in order
/// tabs.bind(\.selectedIdentifier, to: settings, \.lastTab)
/// tabs.userDidSelect(index: 1)  // writes settings.lastTab = "notes"
/// tabs.selectedView             // notesForm
/// ```
///
/// ``selectedIndex``, ``selectedLabel`` and ``selectedIdentifier`` are Cocoa's bindings of the
/// selection (`selectedIndex`, `selectedLabel`, `selectedIdentifier`): setting one selects that tab,
/// and the other two follow; one that names no tab selects none. A tab without an identifier of its
/// own is identified by its label. In a spec file the tabs' views are its `view: subviews:`.
@KeyValueObservable
public final class HeadlessTabView: EditableControl, EnablingControl {
  /// The tabs' labels, in order; when tabs come and none is selected, the first is.
  public var labels: [String] {
    didSet { selectionDidChange(index: selectedIndex ?? (labels.isEmpty ? nil : 0)) }
  }
  /// The tabs' identifiers, in order; a tab past the end of this list is identified by its label.
  public var identifiers: [String] {
    didSet { selectionDidChange(index: selectedIndex) }
  }
  /// The views the tabs show, one a tab, in order (a tab with no view shows nothing).
  public var view = HeadlessView()
  /// The index of the selected tab, or `nil` when none is.
  public var selectedIndex: Int? {
    didSet { if !isMatching { selectionDidChange(index: selectedIndex) } }
  }
  /// The label of the selected tab (Cocoa's `selectedLabel`).
  public var selectedLabel: String? {
    didSet { if !isMatching { selectionDidChange(index: selectedLabel.flatMap { labels.firstIndex(of: $0) }) } }
  }
  /// The identifier of the selected tab (Cocoa's `selectedIdentifier`).
  public var selectedIdentifier: String? {
    didSet {
      if !isMatching { selectionDidChange(index: selectedIdentifier.flatMap { identifierIndex($0) }) }
    }
  }
  /// Whether the user can switch tabs.
  public var isEnabled = true
  /// Whether the tab view is hidden.
  public var isHidden = false

  @KeyValueIgnored private var isMatching = false

  private static let selectedIndexID = #propertyID("selectedIndex")
  private static let selectedLabelID = #propertyID("selectedLabel")
  private static let selectedIdentifierID = #propertyID("selectedIdentifier")

  /// Creates a tab view; the first tab is selected, if there is one (as `NSTabView` selects it).
  public init(labels: [String] = [], identifiers: [String] = [], selectedIndex: Int? = 0) {
    self.labels = labels
    self.identifiers = identifiers
    self.selectedIndex = nil
    selectionDidChange(index: selectedIndex)
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(labels: [])
  }

  /// The identifier of the tab at `index`.
  public func identifier(at index: Int) -> String {
    identifiers.indices.contains(index) ? identifiers[index] : labels[index]
  }

  /// The view the selected tab shows, if any.
  public var selectedView: AnyObject? {
    selectedIndex.flatMap { view.subviews.indices.contains($0) ? view.subviews[$0] : nil }
  }

  private func identifierIndex(_ identifier: String) -> Int? {
    labels.indices.first { self.identifier(at: $0) == identifier }
  }

  /// Selects the tab at `index` as a user would, and reports the edit of all three selection properties.
  ///
  /// - Returns: `false`, and changes nothing, when the tab view is disabled, hidden, or there is no
  ///   tab at `index`.
  @discardableResult
  public func userDidSelect(index: Int) -> Bool {
    guard isEnabled, !isHidden, labels.indices.contains(index) else { return false }
    selectionDidChange(index: index)
    keyValueRegistrar.userDidEdit(self, Self.selectedIndexID, \.selectedIndex, value: selectedIndex)
    keyValueRegistrar.userDidEdit(self, Self.selectedLabelID, \.selectedLabel, value: selectedLabel)
    keyValueRegistrar.userDidEdit(self, Self.selectedIdentifierID, \.selectedIdentifier, value: selectedIdentifier)
    return true
  }

  /// Sets the three selection properties to the tab at `index` (none when there is no such tab).
  private func selectionDidChange(index: Int?) {
    let index = index.flatMap { labels.indices.contains($0) ? $0 : nil }
    isMatching = true
    defer { isMatching = false }
    if selectedIndex != index { selectedIndex = index }
    let label = index.map { labels[$0] }
    if selectedLabel != label { selectedLabel = label }
    let identifier = index.map { self.identifier(at: $0) }
    if selectedIdentifier != identifier { selectedIdentifier = identifier }
  }
}

extension HeadlessTabView: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
