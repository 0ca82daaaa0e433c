public import Synchronization

// The user-edit reports of a registrar: what a control says when a person edits it. Bindings (and
// ``UserEditing`` observers) take them; the registrar itself only hands them on.

extension KeyValueRegistrar {
  /// Reports that a user finished editing a property through a control (Return, or leaving the field).
  ///
  /// Bindings that update on commit (``BindingOptions/updatesContinuously`` `false`) write the edited
  /// value back to their source then; ``UserEditing`` observers hear of it after them.
  @inlinable
  public func userDidEndEditing<Object: AnyObject, Member>(
    _ object: Object,
    _ id: PropertyID,
    _ keyPath: @autoclosure () -> KeyPath<Object, Member>,
    value: Member
  ) {
    if storage.subscriptionCount.load(ordering: .relaxed) > 0 {
      UserEditing.delivering(object) { _notify(id, .endEditing, from: value, to: value) }
    }
    UserEditing.report(.ended, of: object)
  }

  /// Reports that a user began editing a property through a control (the field got the focus).
  ///
  /// Bindings with an editing transformer (a formatter for editing that differs from the one for
  /// display) show the value in its editing form until the end of editing.
  @inlinable
  public func userDidBeginEditing<Object: AnyObject, Member>(
    _ object: Object,
    _ id: PropertyID,
    _ keyPath: @autoclosure () -> KeyPath<Object, Member>,
    value: Member
  ) {
    if storage.subscriptionCount.load(ordering: .relaxed) > 0 { _notify(id, .beginEditing, from: value, to: value) }
    UserEditing.report(.began, of: object)
  }

  /// Reports that a user changed a property through a control (the "value changed" event).
  ///
  /// Call it after setting the property. Two-way bindings whose target is an ``EditableControl``
  /// write the value back to their source only on this report, never on programmatic sets.
  @inlinable
  public func userDidEdit<Object: AnyObject, Member>(
    _ object: Object,
    _ id: PropertyID,
    _ keyPath: @autoclosure () -> KeyPath<Object, Member>,
    value: Member
  ) {
    guard storage.subscriptionCount.load(ordering: .relaxed) > 0 else { return }
    UserEditing.delivering(object) { _notify(id, .userEdit, from: value, to: value) }
  }
}
