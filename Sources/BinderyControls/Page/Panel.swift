public import Bindery

/// A container of a page or a window, with an optional title: its `view`'s subviews, in a column or a row.
///
/// In a spec file a panel lists its elements as the subviews of its `view`:
///
/// ```yaml
/// Page:
///   class: Panel
///   title: People
///   view:
///     subviews: [/PeopleList, /Buttons, /Form]
/// Buttons:
///   class: Panel
///   layout: row
///   placement: toolbar   # a window's header bar; a page's toolbar
///   view:
///     subviews: [/AddButton, /RemoveButton]
/// ```
@KeyValueObservable
public final class Panel {
  /// How a panel places its elements.
  public enum Direction: String, Sendable {
    /// One under the other.
    case column
    /// Side by side.
    case row
  }

  /// The heading shown above the elements, if any.
  public var title: String?
  /// The elements, as its view's subviews.
  public var view: HeadlessView? = HeadlessView()
  /// Whether the panel and its elements are hidden.
  public var isHidden = false
  /// How the elements are placed, as text: `column` (the default) or `row` (a spec file's `layout:`).
  public var layout = "column"
  /// Where the panel goes, as text: `content` (the default: where its parent lists it) or `toolbar`
  /// (a spec file's `placement:`).
  public var placement = "content"

  /// How the elements are placed.
  public var direction: Direction { Direction(rawValue: layout) ?? .column }

  /// Where a panel goes in its window or page.
  public enum Placement: String, Sendable {
    /// Where its parent lists it, among the content.
    case content
    /// In the window's toolbar: a GTK window's header bar, a web page's toolbar (`role=toolbar`).
    case toolbar
  }

  /// Where the panel goes.
  public var position: Placement { Placement(rawValue: placement) ?? .content }

  /// Creates a panel of `subviews`.
  public init(
    title: String? = nil, layout: Direction = .column, placement: Placement = .content, subviews: [AnyObject] = []
  ) {
    self.title = title
    self.layout = layout.rawValue
    self.placement = placement.rawValue
    self.view?.subviews = subviews
  }

  /// Creates an empty panel (spec files use this).
  public convenience init() {
    self.init(title: nil)
  }
}
