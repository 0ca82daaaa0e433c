public import Bindery
public import BinderyControllers

/// The headless controls as spec files name them, for a spec loader's classes.
///
/// ```swift
/// SpecClassRegistry.shared.register(HeadlessControls.classes, lists: HeadlessControls.lists)
/// ```
///
/// `TextField` (or UIKit's `UITextField`) makes a ``HeadlessTextField``, `Label`/`UILabel` a
/// ``HeadlessLabel``, `Switch`/`UISwitch` a ``HeadlessSwitch``, `Slider`/`UISlider` a
/// ``HeadlessSlider``, `Stepper`/`UIStepper` a ``HeadlessStepper``, `PopUpButton`/`NSPopUpButton` a
/// ``HeadlessPopUpButton``, `SearchField`/`NSSearchField` a ``HeadlessSearchField``, `Button`/`UIButton` a ``HeadlessButton``, `View`/`UIView` a
/// ``HeadlessView``, `List` (`ListView`, `UITableView`) a ``HeadlessListView``, `TableView`
/// (`NSTableView`) a ``HeadlessTableView``, and `OutlineView` (`NSOutlineView`) a
/// ``HeadlessOutlineView``. `DatePicker`/`NSDatePicker` makes a ``HeadlessDatePicker``,
/// `TextView`/`NSTextView` a ``HeadlessTextView``, `LevelIndicator`/`NSLevelIndicator` a
/// ``HeadlessLevelIndicator``, `ProgressIndicator`/`NSProgressIndicator` a ``HeadlessProgressIndicator``,
/// `ImageView`/`NSImageView` a ``HeadlessImageView``, `SegmentedControl`/`NSSegmentedControl` a
/// ``HeadlessSegmentedControl`` and `TabView`/`NSTabView` a ``HeadlessTabView``.
public enum HeadlessControls {
  /// Every headless control class.
  public static let classes: [any KeyValueInstantiable.Type] = [
    HeadlessTextField.self, HeadlessLabel.self, HeadlessSwitch.self, HeadlessSlider.self, HeadlessStepper.self,
    HeadlessPopUpButton.self, HeadlessSearchField.self, HeadlessButton.self, HeadlessView.self,
    HeadlessDatePicker.self, HeadlessTextView.self, HeadlessLevelIndicator.self, HeadlessProgressIndicator.self,
    HeadlessImageView.self, HeadlessSegmentedControl.self, HeadlessTabView.self,
  ]

  /// The headless table (`TableView`, `NSTableView`): what a front end that draws its own lists
  /// but no table of its own registers beside them.
  public static let table: any ArrangedTableClass = HeadlessTableViewClass()

  /// The headless outline (`OutlineView`, `NSOutlineView`): what a front end that draws no outline
  /// of its own registers beside its lists.
  public static let outline: any ArrangedOutlineClass = HeadlessOutlineViewClass()

  /// The headless list, table and outline.
  public static let lists: [any ArrangedListClass] = [HeadlessListViewClass(), table, outline]
}

extension HeadlessTextField: KeyValueInstantiable {
  /// `TextField`, `UITextField`.
  public static var instantiableNames: [String] { ["TextField", "UITextField"] }
}

extension HeadlessLabel: KeyValueInstantiable {
  /// `Label`, `UILabel`.
  public static var instantiableNames: [String] { ["Label", "UILabel"] }
}

extension HeadlessSwitch: KeyValueInstantiable {
  /// `Switch`, `UISwitch`.
  public static var instantiableNames: [String] { ["Switch", "UISwitch"] }
}

extension HeadlessSlider: KeyValueInstantiable {
  /// `Slider`, `UISlider`.
  public static var instantiableNames: [String] { ["Slider", "UISlider"] }
}

extension HeadlessStepper: KeyValueInstantiable {
  /// `Stepper`, `UIStepper`.
  public static var instantiableNames: [String] { ["Stepper", "UIStepper"] }
}

extension HeadlessPopUpButton: KeyValueInstantiable {
  /// `PopUpButton`, `NSPopUpButton`.
  public static var instantiableNames: [String] { ["PopUpButton", "NSPopUpButton"] }
}

extension HeadlessSearchField: KeyValueInstantiable {
  /// `SearchField`, `NSSearchField`.
  public static var instantiableNames: [String] { ["SearchField", "NSSearchField"] }
}

extension HeadlessButton: KeyValueInstantiable {
  /// `Button`, `UIButton`.
  public static var instantiableNames: [String] { ["Button", "UIButton"] }
}

extension HeadlessView: KeyValueInstantiable, SubviewContaining {
  /// `View`, `UIView`.
  public static var instantiableNames: [String] { ["View", "UIView"] }
}

extension HeadlessDatePicker: KeyValueInstantiable {
  /// `DatePicker`, `NSDatePicker`.
  public static var instantiableNames: [String] { ["DatePicker", "NSDatePicker"] }
}

extension HeadlessTextView: KeyValueInstantiable {
  /// `TextView`, `NSTextView`, `UITextView`.
  public static var instantiableNames: [String] { ["TextView", "NSTextView", "UITextView"] }
}

extension HeadlessLevelIndicator: KeyValueInstantiable {
  /// `LevelIndicator`, `NSLevelIndicator`.
  public static var instantiableNames: [String] { ["LevelIndicator", "NSLevelIndicator"] }
}

extension HeadlessProgressIndicator: KeyValueInstantiable {
  /// `ProgressIndicator`, `NSProgressIndicator`.
  public static var instantiableNames: [String] { ["ProgressIndicator", "NSProgressIndicator"] }
}

extension HeadlessImageView: KeyValueInstantiable {
  /// `ImageView`, `NSImageView`.
  public static var instantiableNames: [String] { ["ImageView", "NSImageView"] }
}

extension HeadlessSegmentedControl: KeyValueInstantiable {
  /// `SegmentedControl`, `NSSegmentedControl`.
  public static var instantiableNames: [String] { ["SegmentedControl", "NSSegmentedControl"] }
}

extension HeadlessTabView: KeyValueInstantiable {
  /// `TabView`, `NSTabView`.
  public static var instantiableNames: [String] { ["TabView", "NSTabView"] }
}

/// The ``HeadlessListView`` as spec files name it.
struct HeadlessListViewClass: ArrangedListClass {
  var names: [String] { ["List", "ListView", "UITableView"] }

  func makeList<Item: KeyValueCoding>(
    showing controller: ArrayController<Item>,
    makeRow: @escaping (Item, BindingSet) -> [AnyObject]
  ) -> ArrangedList {
    let list = HeadlessListView<Item> { item, row in row.controls = makeRow(item, row.bindings) }
    return ArrangedList(object: list) { [weak list, weak controller] in
      guard let list, let controller else { return nil }
      return list.bind(to: controller)
    }
  }
}

/// The ``HeadlessOutlineView`` as spec files name it; over an array controller, a list of its objects.
struct HeadlessOutlineViewClass: ArrangedOutlineClass {
  var names: [String] { ["OutlineView", "NSOutlineView"] }

  func makeOutline<Item: KeyValueCoding>(
    showing controller: TreeController<Item>,
    makeRow: @escaping (Item, BindingSet) -> [AnyObject]
  ) -> ArrangedList {
    let outline = HeadlessOutlineView<Item> { item, row in row.controls = makeRow(item, row.bindings) }
    return ArrangedList(object: outline) { [weak outline, weak controller] in
      guard let outline, let controller else { return nil }
      return outline.bind(to: controller)
    }
  }

  func makeList<Item: KeyValueCoding>(
    showing controller: ArrayController<Item>,
    makeRow: @escaping (Item, BindingSet) -> [AnyObject]
  ) -> ArrangedList {
    HeadlessListViewClass().makeList(showing: controller, makeRow: makeRow)
  }
}

/// The ``HeadlessTableView`` as spec files name it.
struct HeadlessTableViewClass: ArrangedTableClass {
  var names: [String] { ["TableView", "NSTableView"] }

  func makeTable<Item: KeyValueCoding>(
    showing controller: ArrayController<Item>,
    columns: [TableColumnDeclaration],
    makeRow: @escaping (Item, BindingSet) -> [AnyObject]
  ) -> ArrangedList {
    let table = HeadlessTableView<Item>(
      columns: columns.map { HeadlessTableColumn($0) ?? HeadlessTableColumn(id: $0.id, title: $0.title) }
    ) {
      item, row in row.controls = makeRow(item, row.bindings)
    }
    return ArrangedList(object: table) { [weak table, weak controller] in
      guard let table, let controller else { return nil }
      return table.bind(to: controller)
    }
  }
}
