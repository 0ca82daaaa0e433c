/// A control that runs an action when the user triggers it (a button): what a spec file's
/// `action: {to: /Object, value: name}` sets.
public protocol ActionSending: AnyObject {
  /// The action run each time the user triggers the control.
  var action: (() -> Void)? { get set }
}
