public import Bindery

/// A headless pop-up button (a select box): one of several titled items.
///
/// ```swift
/// let size = HeadlessPopUpButton(items: ["Small", "Medium", "Large"])
/// size.bind(\.selectedIndex, to: order, \.sizeIndex)
/// size.userDidSelect(index: 2)  // writes order.sizeIndex
/// ```
@KeyValueObservable
public final class HeadlessPopUpButton: EditableControl, EnablingControl {
  /// The items' titles, in order.
  public var items: [String]
  /// The index of the chosen item, or `nil` when none is.
  public var selectedIndex: Int?
  /// Whether the user can choose.
  public var isEnabled = true
  /// Whether the button is hidden.
  public var isHidden = false

  private static let selectedIndexID = #propertyID("selectedIndex")

  /// Creates a pop-up button.
  public init(items: [String] = [], selectedIndex: Int? = nil) {
    self.items = items
    self.selectedIndex = selectedIndex
  }

  /// Creates the control with its defaults (what a spec file's `class:` makes).
  public convenience init() {
    self.init(items: [])
  }

  /// The title of the chosen item.
  public var selectedItem: String? {
    selectedIndex.flatMap { items.indices.contains($0) ? items[$0] : nil }
  }

  /// Chooses the item at `index` as a user would, and reports the edit.
  ///
  /// - Returns: `false`, and changes nothing, when the button is disabled, hidden, or there is no
  ///   item at `index`.
  @discardableResult
  public func userDidSelect(index: Int) -> Bool {
    guard isEnabled, !isHidden, items.indices.contains(index) else { return false }
    selectedIndex = index
    keyValueRegistrar.userDidEdit(self, Self.selectedIndexID, \.selectedIndex, value: selectedIndex)
    return true
  }
}

extension HeadlessPopUpButton: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
