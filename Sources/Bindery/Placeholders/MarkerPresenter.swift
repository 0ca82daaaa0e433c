public import Synchronization

/// Finds a source value's marker and turns it into the binding's placeholder.
///
/// A nil value is ``BindingMarker/notApplicable`` when the evaluation stopped early: the last
/// observable property read was an optional of another type than the path's value (`person` for
/// `\.person?.firstName`). A `nil` of the path's own type (`nickname` for `\.person?.nickname`) is a
/// value, shown with the null placeholder.
@usableFromInline
final class MarkerPresenter<SourceValue, TargetValue>: @unchecked Sendable {
  @usableFromInline
  let marker: ((SourceValue) -> BindingMarker?)?
  @usableFromInline
  let placeholders: BindingPlaceholders<TargetValue>
  @usableFromInline
  let sourceIsOptional = SourceValue.self is any _AnyOptional.Type
  /// Whether the last evaluation stopped before the end of the path.
  @usableFromInline
  let unresolved = Atomic<Bool>(false)

  @inlinable
  init(marker: ((SourceValue) -> BindingMarker?)?, placeholders: BindingPlaceholders<TargetValue>) {
    self.marker = marker
    self.placeholders = placeholders
  }

  /// Reads the source path, noting whether it resolved.
  @inlinable
  func evaluate<Source>(_ source: Source, _ read: (Source) -> SourceValue) -> SourceValue {
    guard sourceIsOptional else { return read(source) }
    let (value, lastRead) = AccessList.lastReadType { read(source) }
    var stopped = false
    if let lastRead {
      stopped = lastRead is any _AnyOptional.Type && lastRead != SourceValue.self && isNilValue(value)
    }
    unresolved.store(stopped, ordering: .relaxed)
    return value
  }

  /// The marker of the value last evaluated, if it has one.
  @inlinable
  func marker(of value: SourceValue) -> BindingMarker? {
    if let marker, let found = marker(value) { return found }
    if sourceIsOptional, unresolved.load(ordering: .relaxed), isNilValue(value) { return .notApplicable }
    return nil
  }

  /// What the target shows for `value`: its placeholder, or `convert(value)`.
  @inlinable
  func present(_ value: SourceValue, _ convert: (SourceValue) -> TargetValue) -> TargetValue {
    if let found = marker(of: value) {
      return placeholders.value(for: found) ?? convert(value)
    }
    if sourceIsOptional, let nullValue = placeholders.nullValue, isNilValue(value) { return nullValue }
    return convert(value)
  }

  /// Whether a control bound to `value` is enabled (conditionally sets enabled).
  @inlinable
  func isEnabled(by value: SourceValue) -> Bool {
    switch marker(of: value) {
    case .notApplicable, .noSelection: false
    case .multipleValues, nil: true
    }
  }
}
