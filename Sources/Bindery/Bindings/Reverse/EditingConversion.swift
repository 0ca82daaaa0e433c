/// How a binding converts while the user edits, when that differs from display (an editing
/// form): the target shows `toTarget`'s form from the control's begin-editing report to its
/// end-editing report.
@usableFromInline
struct EditingConversion<SourceValue, TargetValue> {
  /// The value in its editing form.
  @usableFromInline
  let toTarget: (SourceValue) -> TargetValue
  /// Reads back what the user typed: in the editing form first while editing, else the display form
  /// first, the other form second; the error of the first form when neither reads.
  @usableFromInline
  let toSource: (_ value: TargetValue, _ isEditing: Bool) throws -> SourceValue?
}
