/// A failure no later attempt can fix, such as a store refusing a step whose row another writer
/// changed or deleted since: ``EditHistory`` drops an undo or redo step that failed with it, instead
/// of keeping it to try again. BinderyStore's `StoreError` conforms.
package protocol EditRefusal: Error {
  /// Whether the step can never be applied.
  var refusesForGood: Bool { get }
}
