public import Bindery

/// Undo and redo of edits, in groups (Cocoa's undo manager, grouping its editors' edits).
///
/// Store-backed content (BinderyStore's `StoredContent`) registers every edit it saves: a property set
/// through a binding, a row added, rows removed. Undoing or redoing a group makes those changes again through
/// the same path, so they are saved like any other edit and can themselves be redone or undone.
///
/// Edits are grouped per end of editing: what a user typed in one field, until Return or leaving it,
/// is one group; an Add, a Remove and an edit made by code are each a group of their own. ``canUndo``
/// and ``canRedo`` are observable, for Undo and Redo buttons.
///
/// ```swift
/// let history = EditHistory()
/// let people = try controller.bindContent(to: .rows(of: Person.entity, in: store, history: history))
/// undoButton.bind(\.isEnabled, to: history, \.canUndo)
/// history.undo()
/// ```
@KeyValueObservable
public final class EditHistory: @unchecked Sendable {
  /// Whether there is a group to undo.
  public private(set) var canUndo = false
  /// Whether there is a group to redo.
  public private(set) var canRedo = false

  /// How many groups are kept to undo; the oldest go first. 100 by default.
  public var levelsOfUndo: Int {
    get { state.withLock { $0.levels } }
    set {
      state.withLock { state in
        state.levels = max(1, newValue)
        state.trim()
      }
    }
  }

  /// The stacks, behind a lock; actions run outside it.
  @KeyValueIgnored private let state = Locked(State())
  /// Ends the open group at each end of editing.
  @KeyValueIgnored private var editingEnds: KeyValueObservation?

  /// A history that ends a control's group when a user ends editing with it.
  public init() {
    editingEnds = UserEditing.observe { [weak self] event, control in
      guard event == .ended, let self else { return }
      self.state.withLock { state in
        if state.isOpen, state.openEditor == control { state.isOpen = false }
      }
    }
  }

  /// Registers `action`, which undoes an edit just made.
  ///
  /// An edit made through a control (`editor`, by default the control whose user edit is being
  /// delivered) joins the open group of that control, until a user ends editing with it; any other
  /// edit is a group of its own. While undoing, `action` goes to the group that redoes the undo; while
  /// redoing, to the group that undoes it again. An action whose `key` is already in its group is
  /// dropped: the first one restores the oldest value.
  public func register(
    key: AnyHashable? = nil,
    editor: ObjectIdentifier? = UserEditing.controlBeingEdited,
    _ action: @escaping () -> Void
  ) {
    state.withLock { state in
      switch state.mode {
      case .undoing, .redoing:
        state.collecting.add(action, key: key)
      case .normal:
        state.redo.removeAll()
        state.edits &+= 1
        if let editor, state.isOpen, state.openEditor == editor, !state.undo.isEmpty {
          state.undo[state.undo.count - 1].add(action, key: key)
        } else {
          var group = Group()
          group.add(action, key: key)
          state.undo.append(group)
          state.trim()
          state.isOpen = editor != nil
          state.openEditor = editor
        }
      }
    }
    updateAbilities()
  }

  /// Ends the open group: the next edit starts a new one.
  public func endGroup() {
    state.withLock { $0.isOpen = false }
  }

  /// Undoes the last group: its actions run in reverse order; what they register becomes a group to
  /// redo. When a front end waits for saves (a web page, ``Bindery/UserEditing/handOff(_:)``), the
  /// group's writes are handed off with the user's Undo: the group is settled once they are finished,
  /// and the history takes other edits and another Undo meanwhile. A group whose change could not be kept (its save failed) stays to undo, and the failure
  /// reaches the edit or action being applied (`UserEditing.collectingFailures(_:)`). A step whose row
  /// another instance changed or deleted since is refused rather than overwriting that change
  /// (BinderyStore's `StoreError.Kind.conflict`, reported the same way) and is dropped. Does nothing when there is
  /// nothing to undo, or while undoing or redoing.
  public func undo() {
    run(from: \.undo, mode: .undoing)
  }

  /// Redoes the last undone group. Does nothing when there is nothing to redo.
  public func redo() {
    run(from: \.redo, mode: .redoing)
  }

  /// Forgets every group.
  public func removeAll() {
    state.withLock { state in
      state.undo.removeAll()
      state.redo.removeAll()
      state.isOpen = false
    }
    updateAbilities()
  }

  /// How many groups there are to undo.
  public var undoCount: Int { state.withLock { $0.undo.count } }
  /// How many groups there are to redo.
  public var redoCount: Int { state.withLock { $0.redo.count } }

  private func run(from stack: WritableKeyPath<State, [Group]>, mode: State.Mode) {
    let popped: (Group, Int)? = state.withLock { state in
      guard state.mode == .normal, let group = state[keyPath: stack].popLast() else { return nil }
      state.mode = mode
      state.isOpen = false
      state.collecting = Group()
      return (group, state.edits)
    }
    guard let (group, edits) = popped else { return }
    // A step whose change could not be kept (its save failed: reported with
    // `UserEditing.reportFailure`, and to whoever applies the user's Undo) stays where it was, to try
    // again; the steps it made are dropped.
    var pending: [PendingSave] = []
    let failures = UserEditing.collectingFailures {
      guard UserEditing.takesPendingSaves else {
        for action in group.actions.reversed() { action() }
        return
      }
      pending = UserEditing.collectingPendingSaves {
        for action in group.actions.reversed() { action() }
      }
    }
    let made = state.withLock { state in
      state.mode = .normal
      defer { state.collecting = Group() }
      return state.collecting
    }
    guard !pending.isEmpty else {
      return settle(group, onto: stack, mode: mode, made: made, failures: failures, editsSince: edits)
    }
    // Some of the steps' saves are on their way (a web page waits for them without holding its
    // actor): the steps they make are registered when they are finished, so the group is settled
    // then. Meanwhile the history is free: other users' edits are registered as usual, and another
    // Undo takes the next group.
    let saves = pending
    let whole = PendingSave { [self] in
      var finished = made
      let later = UserEditing.collectingFailures {
        state.withLock { state in
          state.mode = mode
          state.collecting = finished
        }
        for save in saves { save.finish() }
        finished = state.withLock { state in
          state.mode = .normal
          defer { state.collecting = Group() }
          return state.collecting
        }
      }
      settle(group, onto: stack, mode: mode, made: finished, failures: failures + later, editsSince: edits)
    }
    // This thread takes saves that end later (the steps handed theirs off), so it takes this one.
    guard UserEditing.handOff(whole) else { return whole.finish() }
    Task {
      for save in saves { await save.waitUntilDone() }
      whole.markDone()
    }
  }

  /// Puts an undone or redone group where it belongs once its steps ended: back where it was when a
  /// change could not be kept, dropped when a step was refused, else what its steps `made` goes to
  /// the other stack (an undo's redo step is dropped when an edit was registered since it started:
  /// a new edit clears what could be redone).
  private func settle(
    _ group: Group, onto stack: WritableKeyPath<State, [Group]>, mode: State.Mode, made: Group,
    failures: [any Error], editsSince edits: Int
  ) {
    state.withLock { state in
      // A step refused because another writer changed its row since can never be applied: it is
      // dropped (the refusal was reported), and what the other steps made stays undoable.
      let refused = failures.contains { error in
        (error as? any EditRefusal)?.refusesForGood ?? false
      }
      guard failures.isEmpty || refused else {
        state[keyPath: stack].append(group)
        return
      }
      guard !made.actions.isEmpty else { return }
      if mode == .undoing {
        if state.edits == edits { state.redo.append(made) }
      } else {
        state.undo.append(made)
        state.trim()
      }
    }
    updateAbilities()
  }

  private func updateAbilities() {
    let (undo, redo) = state.withLock { (!$0.undo.isEmpty, !$0.redo.isEmpty) }
    if canUndo != undo { canUndo = undo }
    if canRedo != redo { canRedo = redo }
  }

  /// Actions that undo one user action.
  private struct Group {
    var actions: [() -> Void] = []
    var keys: Set<AnyHashable> = []

    mutating func add(_ action: @escaping () -> Void, key: AnyHashable?) {
      if let key, !keys.insert(key).inserted { return }
      actions.append(action)
    }
  }

  private struct State {
    enum Mode { case normal, undoing, redoing }
    var undo: [Group] = []
    var redo: [Group] = []
    var collecting = Group()
    var mode = Mode.normal
    var isOpen = false
    var openEditor: ObjectIdentifier?
    var levels = 100
    /// How many edits were registered (each clears what could be redone).
    var edits = 0

    mutating func trim() {
      if undo.count > levels { undo.removeFirst(undo.count - levels) }
    }
  }
}
