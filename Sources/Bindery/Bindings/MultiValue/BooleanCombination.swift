/// How several bindings on one Boolean property combine (Cocoa's `enabled`, `enabled2`, …).
public enum BooleanCombination: Sendable, Equatable {
  /// `true` when every input is `true` (the default for `isEnabled`).
  case and
  /// `true` when any input is `true` (the default for `isHidden`).
  case or

  /// The combined value of `inputs`; with no inputs, `and` gives `true` and `or` gives `false`.
  public func combine(_ inputs: some Sequence<Bool>) -> Bool {
    switch self {
    case .and: inputs.allSatisfy { $0 }
    case .or: inputs.contains(true)
    }
  }
}

/// An object whose Boolean properties combine several bindings instead of replacing them.
///
/// The headless controls combine `isEnabled` with AND and `isHidden` with OR, so a field enabled
/// while there is a person and it is not saving reads as written:
///
/// ```swift
/// firstNameField.bind(\.isEnabled, to: .keyPath(controller, \.person, converted: IsNotNilTransformer()))
/// firstNameField.bind(\.isEnabled, to: .keyPath(controller, \.isSaving, converted: NegateBooleanTransformer()))
/// // isEnabled == (controller.person != nil && !controller.isSaving)
/// ```
public protocol BooleanCombining: KeyValueObservable {
  /// How bindings of `property` combine, or `nil` when a new binding replaces the old one.
  static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination?
}
