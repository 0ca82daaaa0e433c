/// An object that contains others in order: what a spec file's `view: subviews: [/A, /B]` fills.
///
/// A spec file may set the `view` property of an object when the property's type adopts this
/// protocol; the loader makes one when the property is `nil`.
public protocol SubviewContaining: AnyObject {
  /// The objects it contains, in order.
  var subviews: [AnyObject] { get set }

  /// Makes an empty container.
  init()
}
