import Bindery

extension BooleanCombining {
  /// The headless controls' rule for their `isEnabled` and `isHidden` bindings: `isEnabled` combines
  /// them with AND, `isHidden` with OR (Cocoa's enabled2, hidden2…), and any other property is `nil`
  /// (a new binding replaces the old one).
  ///
  /// A control passes its own key paths (`\.isEnabled` where `Self` is the control): a key path formed
  /// in a protocol extension goes through the protocol's requirement and never equals the concrete
  /// `\HeadlessButton.isEnabled` a binding is made with.
  static func enablingCombination(
    for property: AnyKeyPath,
    isEnabled: KeyPath<Self, Bool>,
    isHidden: KeyPath<Self, Bool>
  ) -> BooleanCombination? {
    switch property {
    case isEnabled: .and
    case isHidden: .or
    default: nil
    }
  }
}
