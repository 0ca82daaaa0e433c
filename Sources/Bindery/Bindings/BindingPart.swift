/// Which part of a binding an observer or subscription is: the binding keeps one of each and cancels
/// them when it unbinds.
@usableFromInline
enum BindingPart {
  /// The observer of the source that writes the target.
  case forward
  /// The subscription to the target's user edits that writes the source.
  case reverse
  /// The subscription to the target's end of editing (commit).
  case endEditing
  /// The subscription to the target's beginning of editing (the editing form).
  case beginEditing
  /// The input of a combined enabling binding (AND of several sources).
  case enabling
  /// The consumer of a fed source (an async sequence or a publisher).
  case feed
  /// The observer of a target path's chain (`\.person?.firstName` as a target).
  case targetChain
}
