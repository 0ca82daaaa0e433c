import Synchronization

/// What a user did to a control's value: began editing it (the field got the focus) or ended editing
/// it (Return, or the field lost the focus).
public enum UserEditingEvent: Sendable, Hashable {
  /// A user began editing a value through a control.
  case began
  /// A user ended editing a value through a control; bindings that update on commit have written it.
  case ended
}

/// Reports of controls' editing, for what groups edits by user action: saving edits when editing
/// ends, undo groups (Cocoa's editor registration, without registering each editor).
///
/// Controls report through their registrar (``KeyValueRegistrar/userDidBeginEditing(_:_:_:value:)``,
/// ``KeyValueRegistrar/userDidEndEditing(_:_:_:value:)``); an observer hears of it after the control's
/// own bindings, on the same thread, with the control's identity. While a control's user edit (or its
/// end of editing) reaches the model, ``controlBeingEdited`` names it, so a model-side observer of a
/// change knows which control made it, and can wait for that control's end of editing. With no
/// observer, a report costs one atomic load.
///
/// ```swift
/// var editedBy: Set<ObjectIdentifier> = []
/// let changes = observe(person, \.firstName) { _ in
///   if let control = UserEditing.controlBeingEdited { editedBy.insert(control) }
/// }
/// let ends = UserEditing.observe { event, control in
///   if event == .ended, editedBy.remove(control) != nil { try? content.save() }
/// }
/// ```
public enum UserEditing {
  /// Calls `handler` with each editing event of any control, and the control's identity, until the
  /// returned observation ends.
  public static func observe(
    _ handler: @escaping @Sendable (UserEditingEvent, ObjectIdentifier) -> Void
  ) -> KeyValueObservation {
    let id = observers.withLock { state in
      state.next += 1
      state.handlers.append((state.next, handler))
      return state.next
    }
    count.add(1, ordering: .releasing)
    return KeyValueObservation {
      let removed = observers.withLock { state in
        guard let index = state.handlers.firstIndex(where: { $0.id == id }) else { return false }
        state.handlers.remove(at: index)
        return true
      }
      if removed { count.subtract(1, ordering: .releasing) }
    }
  }

  /// The control whose user edit, or end of editing, is being delivered on this thread (a binding is
  /// writing what the user typed); `nil` for a change made by code.
  public static var controlBeingEdited: ObjectIdentifier? {
    BindingThreadContext.current.editingControl
  }

  /// Runs `body` (the delivery of `control`'s user edit) with ``controlBeingEdited`` naming it.
  @usableFromInline
  static func delivering(_ control: AnyObject, _ body: () -> Void) {
    let context = BindingThreadContext.current
    let outer = context.editingControl
    context.editingControl = ObjectIdentifier(control)
    defer { context.editingControl = outer }
    body()
  }

  /// Tells the observers of `event` of `control`, outside the lock.
  @usableFromInline
  static func report(_ event: UserEditingEvent, of control: AnyObject) {
    guard count.load(ordering: .acquiring) > 0 else { return }
    let handlers = observers.withLock { $0.handlers }
    let id = ObjectIdentifier(control)
    for (_, handler) in handlers { handler(event, id) }
  }

  /// How many observers there are, read without the lock.
  private static let count = Atomic<Int>(0)

  /// The observers, in the order they started.
  private static let observers = Locked(Observers())

  /// The observers and the last number given to one.
  private struct Observers {
    var next = 0
    var handlers: [(id: Int, handler: @Sendable (UserEditingEvent, ObjectIdentifier) -> Void)] = []
  }
}
