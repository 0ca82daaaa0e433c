extension PropertyBinding {
  /// When the binding writes a user's edits back, if it paces them (``BindingSource/pacingEdits(_:)``).
  public final var editPacing: EditPacing? {
    withParts { ($0.feed as? EditPacer)?.pacing }
  }

  /// Paces the user's edits (set once, as the binding is made).
  final func setEditPacing(_ pacing: EditPacing) {
    withParts { parts in
      guard !state.contains(.unbound) else { return }
      parts.feed = EditPacer(pacing)
    }
  }

  /// Whether a user edit waits to be committed (``BindingOptions/updatesContinuously`` `false`).
  public final var hasPendingEdit: Bool { state.contains(.pendingEdit) }

  /// Writes a pending user edit back to the source (Cocoa's `commitEditing`).
  ///
  /// - Throws: ``BindingError`` when the value does not convert or validate; the edit stays pending and
  ///   the source keeps its value.
  public final func commitEditing() throws(BindingError) {
    guard state.contains(.pendingEdit), let commit = withParts({ $0.commit }) else { return }
    if let error = commit() { throw error }
    state.remove(.pendingEdit)
  }

  /// Writes the target's current value to the source, whether or not an edit is pending (a
  /// target-to-source binding whose target path reached a new object).
  @usableFromInline
  final func writeTargetValueToSource() {
    _ = withParts({ $0.commit })?()
  }

  /// Drops a pending user edit and shows the source value again (Cocoa's `discardEditing`).
  public final func discardEditing() {
    guard state.remove(.pendingEdit) else { return }
    withParts { $0.discard }?()
  }

  /// Keeps what commit and discard do; dropped at unbind.
  @usableFromInline
  final func setEditActions(commit: @escaping () -> BindingError?, discard: @escaping () -> Void) {
    withParts { parts in
      guard !state.contains(.unbound) else { return }
      parts.commit = commit
      parts.discard = discard
    }
  }

  @usableFromInline
  final func markPendingEdit() {
    state.insert(.pendingEdit)
    // A paced binding writes the edit back after a pause, or once an interval (its pacer).
    if let pacer = withParts({ $0.feed as? EditPacer }) { pacer.editDidHappen(self) }
  }

  /// Whether the user is editing the target (between the control's begin- and end-editing reports).
  public final var isUserEditing: Bool { state.containsRelaxed(.userEditing) }

  /// Sets whether the user is editing; returns whether they were.
  @usableFromInline
  final func setUserEditing(_ editing: Bool) -> Bool {
    state.set(.userEditing, to: editing)
  }

  /// Whether the control shows an error of this binding (its last user value was rejected).
  @usableFromInline
  final var isShowingError: Bool { state.containsRelaxed(.showsError) }

  /// Tells the control about a rejected value, or clears the error it shows; tells the delegate about a
  /// rejected value.
  @usableFromInline
  final func reportError(_ error: BindingError?, for value: Any, to control: (any EditableControl)?) {
    if let error, let delegate = currentDelegate {
      switch error {
      case .conversionFailed(let underlying): delegate.binding(self, conversionFailed: underlying, for: value)
      case .validationFailed(let underlying): delegate.binding(self, validationFailed: underlying, for: value)
      case .notEditable: delegate.binding(self, validationFailed: error, for: value)
      }
    }
    guard let control else { return }
    if let error {
      withParts { $0.errorControl = control }
      state.insert(.showsError)
      control.showValidationError(error)
    } else if state.remove(.showsError) {
      withParts { $0.errorControl = nil }
      control.showValidationError(nil)
    }
  }

  /// Clears the error the target control shows for a value this binding rejected (the model is
  /// giving the control another value).
  @usableFromInline
  final func clearShownError() {
    guard state.remove(.showsError) else { return }
    let control = withParts { parts in
      defer { parts.errorControl = nil }
      return parts.errorControl
    }
    control?.showValidationError(nil)
  }
}
