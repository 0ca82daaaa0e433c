/// How a binding converts between its source's values and its target's: for display, back for the
/// source, in an editing form while the user edits, and which values the target shows instead of
/// markers (its placeholders).
@usableFromInline
struct Conversion<SourceValue, TargetValue> {
  /// A source value, for display.
  @usableFromInline
  let toTarget: (SourceValue) -> TargetValue
  /// A target value, for the source; `nil` is not written back.
  @usableFromInline
  let toSource: (TargetValue) throws -> SourceValue?
  /// Whether the values are the same on both sides (nothing converts).
  @usableFromInline
  let isIdentity: Bool
  /// Whether values convert back (a transformer without a reverse makes the binding read-only).
  @usableFromInline
  let isReversible: Bool
  /// Finds a source value's marker (a selection that has no single value).
  @usableFromInline
  let marker: ((SourceValue) -> BindingMarker?)?
  /// What the target shows for `nil`, markers and paths that cannot be resolved.
  @usableFromInline
  let placeholders: BindingPlaceholders<TargetValue>
  /// The editing form, if it differs from display.
  @usableFromInline
  let editing: EditingConversion<SourceValue, TargetValue>?
  /// Checks a value the user entered, before it is converted back.
  @usableFromInline
  let validation: ((TargetValue) throws -> Void)?
  /// ``toTarget`` by address, when the source made it where its types are known: converts the source
  /// value at an address and hands the result's address on, so a binding's generic code copies no
  /// value.
  @usableFromInline
  let toTargetByAddress: ConversionByAddress?

  @inlinable
  init(
    toTarget: @escaping (SourceValue) -> TargetValue,
    toSource: @escaping (TargetValue) throws -> SourceValue?,
    isIdentity: Bool = false,
    isReversible: Bool = true,
    marker: ((SourceValue) -> BindingMarker?)? = nil,
    placeholders: BindingPlaceholders<TargetValue> = .none,
    editing: EditingConversion<SourceValue, TargetValue>? = nil,
    validation: ((TargetValue) throws -> Void)? = nil,
    toTargetByAddress: ConversionByAddress? = nil
  ) {
    self.toTarget = toTarget
    self.toSource = toSource
    self.isIdentity = isIdentity
    self.isReversible = isReversible
    self.marker = marker
    self.placeholders = placeholders
    self.editing = editing
    self.validation = validation
    self.toTargetByAddress = toTargetByAddress
  }

  /// Looks for markers and placeholders, for bindings that ask for them.
  @inlinable
  func presenter(conditionallySetsEnabled: Bool) -> MarkerPresenter<SourceValue, TargetValue>? {
    marker != nil || !placeholders.isEmpty || conditionallySetsEnabled
      ? MarkerPresenter(marker: marker, placeholders: placeholders) : nil
  }

  /// A source value for display, or in its editing form while the user edits.
  @inline(__always)
  @inlinable
  func target(for value: SourceValue, userEditing: Bool) -> TargetValue {
    if let editing, userEditing { editing.toTarget(value) } else { toTarget(value) }
  }

  /// A target value for the source: in the editing form first while the user edits.
  @inlinable
  func source(for value: TargetValue, userEditing: Bool) throws -> SourceValue? {
    if let editing, let read = try editing.toSource(value, userEditing) { return read }
    return try toSource(value)
  }
}

/// A conversion by address: converts the value at the first address and hands the result's address to
/// the closure it is given (for as long as that runs).
@usableFromInline
typealias ConversionByAddress = (UnsafeRawPointer, (UnsafeRawPointer) -> Void) -> Void
