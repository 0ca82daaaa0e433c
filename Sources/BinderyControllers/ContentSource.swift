/// Where a controller's content comes from: what ``ArrayController/bindContent(to:file:line:)`` and
/// ``ObjectController/bindContent(to:file:line:)`` take, as `bind` takes a binding source.
///
/// A source says what the link to it is (`Link`: a ``Bindery/PropertyBinding`` for a model's
/// property or another controller, the stored content for a store's table) and how making it can
/// fail (`Failure`: `Never` for a key path, so no `try`).
///
/// ```swift
/// people.bindContent(to: .keyPath(model, \.people))          // an array, written back by Add and Remove
/// people.bindContent(to: .keyPath(model, \.archived))        // a read-only array: Add and Remove are off
/// windowPeople.bindContent(to: .sharing(people))              // another controller's content
/// editor.bindContent(to: .keyPath(viewModel, \.person))       // an ObjectController's one object
/// ```
public struct ContentSource<Controller: AnyObject, Link, Failure: Error> {
  /// Links the controller's content to the source, for a binding made at `file` and `line`.
  let connect: (Controller, StaticString, UInt) throws(Failure) -> Link

  /// A source that links a controller's content with `connect`: for the package's other modules
  /// (the stores' tables).
  package init(connect: @escaping (Controller, StaticString, UInt) throws(Failure) -> Link) {
    self.connect = connect
  }
}
