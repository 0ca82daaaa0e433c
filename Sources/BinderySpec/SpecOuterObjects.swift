import Bindery

/// The objects a list's row may refer to beyond its own: the file's, and those of the rows it is
/// in, held weakly (a row does not keep them alive).
///
/// Made once per load and shared by every row template and row of it, never copied: a row finds
/// an object by name in its own objects, then here, one level of nesting at a time.
final class SpecOuterObjects: @unchecked Sendable {
  private let objects: [String: WeakObject]
  private let outer: SpecOuterObjects?

  init(objects: [String: WeakObject], outer: SpecOuterObjects?) {
    self.objects = objects
    self.outer = outer
  }

  /// The object named `name`, if it is still alive.
  func object(named name: String) -> (any KeyValueCoding)? {
    objects[name]?.object ?? outer?.object(named: name)
  }

  /// Every name, nearest first (for "did you mean" messages).
  var names: [String] { objects.keys.sorted() + (outer?.names ?? []) }
}

/// An object held weakly.
struct WeakObject {
  weak var object: (any KeyValueCoding)?
}
