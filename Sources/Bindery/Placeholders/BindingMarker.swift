/// Why a binding shows no value of its own (Cocoa's `NSNotApplicableMarker`, `NSMultipleValuesMarker`,
/// `NSNoSelectionMarker`).
///
/// A marker travels around the binding's transformers, never through them, and becomes the binding's
/// placeholder for it (``BindingPlaceholders``) only when the target is written.
public enum BindingMarker: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The source path cannot be resolved: an object on the way is `nil` (`controller.person` for
  /// `\.person?.firstName`).
  case notApplicable
  /// The selected objects disagree on the value (a controller's selection).
  case multipleValues
  /// Nothing is selected (a controller's selection).
  case noSelection

  /// `Not Applicable`, `Multiple Values` or `No Selection`.
  public var description: String {
    switch self {
    case .notApplicable: "Not Applicable"
    case .multipleValues: "Multiple Values"
    case .noSelection: "No Selection"
    }
  }
}
