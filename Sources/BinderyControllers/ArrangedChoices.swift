package import Bindery

/// A control whose items are an array controller's arranged objects, each titled by one of its
/// properties (a pop-up button's `content` and `contentValues` bindings), as spec files bind it.
///
/// The module that owns the control conforms it; the spec loader calls it with the title key the
/// file names, read from each object (`contentValues: {to: /Departments, value: arrangedObjects.name}`).
package protocol ArrangedChoices: AnyObject {
  /// Shows the arranged objects of `controller`, titled by `title`, and follows every change of them
  /// and of their titles; returns the binding.
  func bind<Item: AnyObject>(
    content controller: ArrayController<Item>,
    title: @escaping (Item) -> String,
    file: StaticString,
    line: UInt
  ) -> PropertyBinding
}
