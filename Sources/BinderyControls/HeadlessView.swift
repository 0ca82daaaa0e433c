public import Bindery

/// A headless container: the controls it shows, in order (a spec file's `view: subviews:`).
///
/// ```swift
/// let view = HeadlessView()
/// view.subviews = [firstNameField, lastNameField, fullNameLabel]
/// ```
@KeyValueObservable
public final class HeadlessView {
  /// The controls and views it contains, in order.
  public var subviews: [AnyObject] = []
  /// Whether the view, and so its subviews, are hidden.
  public var isHidden = false

  /// Creates an empty view.
  public init() {}
}
