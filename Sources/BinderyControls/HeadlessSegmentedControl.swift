public import Bindery

/// A headless segmented control (Cocoa's `NSSegmentedControl`, selecting one): a row of labelled
/// segments, one of them selected.
///
/// ```swift
/// let view = HeadlessSegmentedControl(labels: ["List", "Grid", "Columns"], tags: [10, 20, 30])
/// view.bind(\.selectedTag, to: settings, \.layout)
/// view.userDidSelect(index: 1)  // writes settings.layout = 20
/// view.selectedLabel = "List"    // programmatic: selects the first segment, not written back
/// ```
///
/// ``selectedIndex``, ``selectedLabel`` and ``selectedTag`` are Cocoa's three bindings of the
/// selection: setting one selects that segment, and the other two follow. A label or tag that no
/// segment has selects none (`nil` in all three), as does an index past the segments. Segments
/// without a tag of their own are tagged by their index (Cocoa tags them 0).
@KeyValueObservable
public final class HeadlessSegmentedControl: EditableControl, EnablingControl {
  /// The segments' labels, in order.
  public var labels: [String] {
    didSet { selectionDidChange(index: selectedIndex) }
  }
  /// The segments' tags, in order; a segment past the end of this list is tagged by its index.
  public var tags: [Int] {
    didSet { selectionDidChange(index: selectedIndex) }
  }
  /// The index of the selected segment, or `nil` when none is.
  public var selectedIndex: Int? {
    didSet { if !isMatching { selectionDidChange(index: selectedIndex) } }
  }
  /// The label of the selected segment (Cocoa's `selectedLabel`).
  public var selectedLabel: String? {
    didSet { if !isMatching { selectionDidChange(index: selectedLabel.flatMap { labels.firstIndex(of: $0) }) } }
  }
  /// The tag of the selected segment (Cocoa's `selectedTag`).
  public var selectedTag: Int? {
    didSet { if !isMatching { selectionDidChange(index: selectedTag.flatMap { tagIndex($0) }) } }
  }
  /// Whether the user can choose.
  public var isEnabled = true
  /// Whether the control is hidden.
  public var isHidden = false

  @KeyValueIgnored private var isMatching = false

  private static let selectedIndexID = #propertyID("selectedIndex")
  private static let selectedLabelID = #propertyID("selectedLabel")
  private static let selectedTagID = #propertyID("selectedTag")

  /// Creates a segmented control.
  public init(labels: [String] = [], tags: [Int] = [], selectedIndex: Int? = nil) {
    self.labels = labels
    self.tags = tags
    self.selectedIndex = nil
    selectionDidChange(index: selectedIndex)
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(labels: [])
  }

  /// The tag of the segment at `index`.
  public func tag(at index: Int) -> Int {
    tags.indices.contains(index) ? tags[index] : index
  }

  private func tagIndex(_ tag: Int) -> Int? {
    labels.indices.first { self.tag(at: $0) == tag }
  }

  /// Selects the segment at `index` as a user would, and reports the edit of all three selection
  /// properties.
  ///
  /// - Returns: `false`, and changes nothing, when the control is disabled, hidden, or there is no
  ///   segment at `index`.
  @discardableResult
  public func userDidSelect(index: Int) -> Bool {
    guard isEnabled, !isHidden, labels.indices.contains(index) else { return false }
    selectionDidChange(index: index)
    keyValueRegistrar.userDidEdit(self, Self.selectedIndexID, \.selectedIndex, value: selectedIndex)
    keyValueRegistrar.userDidEdit(self, Self.selectedLabelID, \.selectedLabel, value: selectedLabel)
    keyValueRegistrar.userDidEdit(self, Self.selectedTagID, \.selectedTag, value: selectedTag)
    return true
  }

  /// Sets the three selection properties to the segment at `index` (none when there is no such segment).
  private func selectionDidChange(index: Int?) {
    let index = index.flatMap { labels.indices.contains($0) ? $0 : nil }
    isMatching = true
    defer { isMatching = false }
    if selectedIndex != index { selectedIndex = index }
    let label = index.map { labels[$0] }
    if selectedLabel != label { selectedLabel = label }
    let tag = index.map { self.tag(at: $0) }
    if selectedTag != tag { selectedTag = tag }
  }
}

extension HeadlessSegmentedControl: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
