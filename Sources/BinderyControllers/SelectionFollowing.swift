import Bindery

/// What a detail controller keeps while its content follows a master controller's selection: the
/// observation of the selected object's property and which object that is.
///
/// Used where the controllers are used: on the thread that changes the master's selection and the
/// detail's content, as the controllers themselves are. It is `Sendable` only so that the binding's
/// end (a `KeyValueObservation`) can reach it.
final class SelectionFollowing: @unchecked Sendable {
  /// The observation of the selected object's property, while one object is selected.
  var following: KeyValueObservation?
  /// The selected object followed, if any.
  var shown: ObjectIdentifier?
  /// Whether the content was set up once.
  var started = false

  /// Stops following the selected object's property.
  func stop() {
    following?.unbind()
    following = nil
  }
}
