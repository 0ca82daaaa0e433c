/// An object a spec file makes that wants to be told when the file's bindings are made, as JSKit's
/// specs and Cocoa's `awakeFromNib()` tell theirs: the place to finish setting up with the outlets
/// set and the bound values already in place.
///
/// ```swift
/// @KeyValueObservable
/// final class PersonViewController: SpecAwaking {
///   var person: Person?
///   var firstNameField: HeadlessTextField?
///
///   func awakeFromSpec() {
///     // firstNameField is set, and its text already shows person.firstName.
///   }
/// }
/// ```
///
/// ``SpecFile`` calls ``awakeFromSpec()`` once on each object of the file that adopts the protocol,
/// after every write (outlets, views, properties) and every binding of the file is made, in the
/// order the file declares the objects. When the file has a problem nothing is bound and no object
/// is told. The objects of a list's row are told the same way, once their row's bindings are made.
public protocol SpecAwaking: AnyObject {
  /// Called once, when the spec file that made the object has made all its bindings.
  func awakeFromSpec()
}
