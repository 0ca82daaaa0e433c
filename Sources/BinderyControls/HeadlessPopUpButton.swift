public import Bindery

/// A headless pop-up button (a select box): one of several titled items, or of several objects.
///
/// ```swift
/// let size = HeadlessPopUpButton(items: ["Small", "Medium", "Large"])
/// size.bind(\.selectedIndex, to: order, \.sizeIndex)
/// size.userDidSelect(index: 2)  // writes order.sizeIndex
/// ```
///
/// Bound to an array controller's objects (``bind(content:title:file:line:)``), its items are the
/// objects' titles and choosing one writes the object itself to ``selectedObject``'s binding:
///
/// ```swift
/// let department = HeadlessPopUpButton()
/// department.insertsNullPlaceholder = true
/// department.nullPlaceholder = "None"
/// department.bind(content: departments, title: \.name)
/// department.bind(selectedObject: person, \.department)
/// department.userDidSelect(index: 2)  // person.department = departments.arrangedObjects[1]
/// ```
@KeyValueObservable
public final class HeadlessPopUpButton: EditableControl, EnablingControl {
  /// The items' titles, in order: the null placeholder first when there is one, then the content's
  /// titles, for a pop-up of objects.
  public var items: [String]
  /// The index of the chosen item, or `nil` when none is. Set by code, in a pop-up of objects, it
  /// chooses the object of that item (`nil` for the null placeholder).
  public var selectedIndex: Int? {
    didSet { selectedIndexDidChange() }
  }
  /// Whether the user can choose.
  public var isEnabled = true
  /// Whether the button is hidden.
  public var isHidden = false
  /// The objects the items stand for, in order (Cocoa's `content` binding), set by
  /// ``bind(content:title:file:line:)``; empty in a pop-up of titles.
  public private(set) var content: [AnyObject] = []
  /// The chosen object (Cocoa's `selectedObject` binding): the object itself, never a copy; `nil`
  /// when none is chosen or the null placeholder is. An object that is not in ``content`` chooses no
  /// item, and nothing is written back for it.
  public var selectedObject: AnyObject? {
    didSet { selectedObjectDidChange() }
  }
  /// Whether a pop-up of objects shows ``nullPlaceholder`` as its first item, which stands for no
  /// object (Cocoa's `insertsNullPlaceholder` option); `false` by default.
  public var insertsNullPlaceholder = false {
    didSet { showContentItems() }
  }
  /// The title of the item that stands for no object (Cocoa's `nullPlaceholder`); empty by default.
  public var nullPlaceholder = "" {
    didSet { showContentItems() }
  }

  /// Whether the items stand for objects: content is bound.
  @KeyValueIgnored private var offersObjects = false
  /// The content's titles, in order.
  @KeyValueIgnored private var contentTitles: [String] = []
  /// Set while one of the selected index and the selected object follows the other.
  @KeyValueIgnored private var isMatchingSelection = false

  private static let selectedIndexID = #propertyID("selectedIndex")
  private static let selectedObjectID = #propertyID("selectedObject")

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

  /// Chooses the item at `index` as a user would, and reports the edit: of ``selectedIndex``, and in
  /// a pop-up of objects of ``selectedObject`` too (the item's object, `nil` for the null placeholder).
  ///
  /// - Returns: `false`, and changes nothing, when the button is disabled, hidden, or there is no
  ///   item at `index`.
  @discardableResult
  public func userDidSelect(index: Int) -> Bool {
    guard isEnabled, !isHidden, items.indices.contains(index) else { return false }
    selectedIndex = index
    keyValueRegistrar.userDidEdit(self, Self.selectedIndexID, \.selectedIndex, value: selectedIndex)
    if offersObjects {
      keyValueRegistrar.userDidEdit(self, Self.selectedObjectID, \.selectedObject, value: selectedObject)
    }
    return true
  }

  /// Shows `objects` as the items, titled by `titles` (one each): what a content binding does.
  func show(content objects: [AnyObject], titles: [String]) {
    offersObjects = true
    if !Self.same(content, objects) { content = objects }
    contentTitles = titles
    showContentItems()
  }

  /// Whether two arrays hold the same objects in the same order.
  private static func same(_ lhs: [AnyObject], _ rhs: [AnyObject]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 === $1 }
  }

  /// The index of the first object's item: after the null placeholder, if any.
  private var contentOffset: Int { insertsNullPlaceholder ? 1 : 0 }

  /// Shows the null placeholder and the content's titles, and chooses the selected object's item.
  private func showContentItems() {
    guard offersObjects else { return }
    let shown = (insertsNullPlaceholder ? [nullPlaceholder] : []) + contentTitles
    if items != shown { items = shown }
    selectedObjectDidChange()
  }

  /// Chooses the item of the selected object: none when the object is not in the content.
  private func selectedObjectDidChange() {
    guard offersObjects, !isMatchingSelection else { return }
    let index: Int?
    if let selectedObject {
      index = content.firstIndex { $0 === selectedObject }.map { $0 + contentOffset }
    } else {
      index = insertsNullPlaceholder ? 0 : nil
    }
    guard selectedIndex != index else { return }
    isMatchingSelection = true
    defer { isMatchingSelection = false }
    selectedIndex = index
  }

  /// Chooses the object of the selected item (none for the null placeholder); an index of no item
  /// leaves the selected object as it is.
  private func selectedIndexDidChange() {
    guard offersObjects, !isMatchingSelection, let selectedIndex, items.indices.contains(selectedIndex) else {
      return
    }
    let position = selectedIndex - contentOffset
    let object: AnyObject? = content.indices.contains(position) ? content[position] : nil
    guard object !== selectedObject else { return }
    isMatchingSelection = true
    defer { isMatchingSelection = false }
    selectedObject = object
  }
}

extension HeadlessPopUpButton: BooleanCombining {
  /// `isEnabled` combines its bindings with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…).
  public static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
    enablingCombination(for: property, isEnabled: \.isEnabled, isHidden: \.isHidden)
  }
}
