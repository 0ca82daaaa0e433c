public import Bindery

/// The visible name of another control: of a field, a switch, a slider, a stepper, a pop-up button,
/// a button or a list, so that a screen reader, and a test, find the control by its label. A
/// browser page draws it as a `<label for=…>` (a list's `aria-labelledby`); a GTK window as a label
/// whose mnemonic widget, and accessible label, is the control.
///
/// In a spec file a label names its element by reference, as outlets do:
///
/// ```yaml
/// FirstNameLabel:
///   class: FieldLabel
///   text: First name
///   target: /FirstNameField
/// FirstNameField:
///   class: TextField
/// ```
///
/// A `target:` that names no object of the file, or an object that is not an element a label can
/// name (a ``LabelTarget``), is refused when the file loads, with its line and column. The text is
/// shown as text, never as markup or HTML.
@KeyValueObservable
public final class FieldLabel {
  /// The text shown.
  public var text: String?
  /// The control the label names.
  public var target: (any LabelTarget)?
  /// Whether the label is hidden.
  public var isHidden = false

  /// Creates a label of `target`.
  public init(text: String?, target: (any LabelTarget)?) {
    self.text = text
    self.target = target
  }

  /// Creates a label that names nothing yet (spec files use this).
  public convenience init() {
    self.init(text: nil, target: nil)
  }
}
