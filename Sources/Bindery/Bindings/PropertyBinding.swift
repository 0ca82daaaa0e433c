public import Synchronization

/// A live link between a property of a target object and a key path of a source object.
///
/// Make one with `bind`: ``KeyValueObservable/bind(_:to:options:file:line:)`` and its short forms.
/// A binding is an object you can query (its ends, key paths, options, state) and end with ``unbind()``.
/// Neither end is retained; when either is deallocated the binding unbinds itself. Once unbound it never acts again.
///
/// A binding that follows one observable property of its source is also that property's subscriber in
/// the source's registrar: a single object.
///
/// ```swift
/// let binding = firstNameField.bind(\.text, to: controller, \.person?.firstName)
/// binding.direction  // .both: typing in the field writes controller.person?.firstName
/// binding.description // HeadlessTextField.text ⇄ PersonController.person?.firstName (bound, PersonEditor/main.swift:12)
/// binding.unbind()
/// ```
public class PropertyBinding: _RegistrarSubscriber, CustomStringConvertible, @unchecked Sendable {
  // Not final (a binding that is its own subscriber is of a subclass, and outside this module no class
  // can derive from it); its members are.
  /// The source key path, rooted at ``source``: also that of a string key path of properties
  /// (`"person.firstName"` is `\.person?.firstName`); `nil` for a source that is no Swift key path (a
  /// string key path with a collection operator or through a selection, a computed value).
  public let sourceKeyPath: AnyKeyPath?
  /// The source path as it was written, for a binding made with a string key path or an expression.
  public final var sourcePathText: String? { withParts { $0.sourcePathText } }
  /// The bound property of the target, rooted at ``target``.
  public let targetKeyPath: AnyKeyPath
  /// The line where the binding was made, for debugging.
  public final var line: UInt { UInt(storedLine) }

  /// The file where the binding was made, for debugging.
  public final var file: String { String(cString: fileStart) }

  /// Where the binding was made, for debugging: `File.swift:line`, or where a file declared it
  /// (`Editor.spec.yaml:42:5`).
  public final var location: String { withParts { $0.details?.declaredAt } ?? "\(file):\(line)" }

  /// The options the binding was made with.
  public final var options: BindingOptions {
    state.options(
      actor: state.deliveryKind == 2 ? withParts { $0.deliveryActor } : nil,
      sourceActor: state.sourceDeliveryKind == 2 ? withParts { $0.sourceDeliveryActor } : nil)
  }

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

  /// The source, kept neither alive nor slow.
  @usableFromInline
  final let sourceReference: BoundObjectReference
  /// The target, kept neither alive nor slow.
  @usableFromInline
  final let targetReference: BoundObjectReference
  /// The storage of the target's registrar, which keeps this binding until it is unbound (then, or
  /// when the target's registrar goes with its object, it lets go of it).
  @usableFromInline
  final let targetStorage: RegistrarStorage
  /// The binding's flags, direction and writers, in one atomic word.
  @usableFromInline
  let state: BindingState
  /// What unbinding stops or drops: the forward observer, the reverse subscriptions, the edit actions.
  /// Most bindings have only the first two; the rest live in ``Extras``, made when first set.
  @usableFromInline
  struct Parts: @unchecked Sendable {
    @usableFromInline
    var forward: (any Cancellable)?
    @usableFromInline
    var reverse: (any Cancellable)?
    private var extras: Extras?

    /// The end-of-editing subscription (on-commit bindings, editing forms).
    @usableFromInline
    var endEditing: (any Cancellable)? {
      get { extras?.endEditing }
      set { if newValue != nil || extras != nil { made().endEditing = newValue } }
    }
    /// The begin-editing subscription (editing forms).
    @usableFromInline
    var beginEditing: (any Cancellable)? {
      get { extras?.beginEditing }
      set { if newValue != nil || extras != nil { made().beginEditing = newValue } }
    }
    /// The input this binding adds to its target's `isEnabled` (conditionally sets enabled).
    @usableFromInline
    var enabling: (any Cancellable)? {
      get { extras?.enabling }
      set { if newValue != nil || extras != nil { made().enabling = newValue } }
    }
    /// What feeds or paces the binding, ended with it (the task consuming an async sequence, the
    /// timer of a debounced edit).
    @usableFromInline
    var feed: (any Cancellable)? {
      get { extras?.feed }
      set { if newValue != nil || extras != nil { made().feed = newValue } }
    }
    /// What follows a target path of several steps (``TargetChain``).
    @usableFromInline
    var targetChain: (any Cancellable)? {
      get { extras?.targetChain }
      set { if newValue != nil || extras != nil { made().targetChain = newValue } }
    }
    /// Writes the control's current value back (editing on commit).
    @usableFromInline
    var commit: (() -> BindingError?)? {
      get { extras?.commit }
      set { if newValue != nil || extras != nil { made().commit = newValue } }
    }
    /// Shows the source value again, dropping a pending edit.
    @usableFromInline
    var discard: (() -> Void)? {
      get { extras?.discard }
      set { if newValue != nil || extras != nil { made().discard = newValue } }
    }
    /// The source path as it was written (kept at unbind).
    @usableFromInline
    var sourcePathText: String? {
      get { extras?.sourcePathText }
      set { if newValue != nil || extras != nil { made().sourcePathText = newValue } }
    }
    /// The actor of an actor delivery (kept at unbind).
    @usableFromInline
    var deliveryActor: (any Actor)? {
      get { extras?.deliveryActor }
      set { if newValue != nil || extras != nil { made().deliveryActor = newValue } }
    }
    /// The actor of an actor source delivery (``BindingOptions/sourceDelivery``).
    var sourceDeliveryActor: (any Actor)? {
      get { extras?.sourceDeliveryActor }
      set { if newValue != nil || extras != nil { made().sourceDeliveryActor = newValue } }
    }
    /// What diagnostics know of the binding (kept at unbind).
    var details: BindingDetails? {
      get { extras?.details }
      set { if newValue != nil || extras != nil { made().details = newValue } }
    }
    /// The control showing an error of this binding (weak).
    var errorControl: (any EditableControl)? {
      get { extras?.errorControl }
      set { if newValue != nil || extras != nil { made().errorControl = newValue } }
    }
    /// The binding's own delegate, and the one of its binding set (both weak; kept at unbind).
    @usableFromInline
    var ownDelegate: (any BindingDelegate)? {
      get { extras?.ownDelegate }
      set { if newValue != nil || extras != nil { made().ownDelegate = newValue } }
    }
    @usableFromInline
    var inheritedDelegate: (any BindingDelegate)? {
      get { extras?.inheritedDelegate }
      set { if newValue != nil || extras != nil { made().inheritedDelegate = newValue } }
    }

    /// Takes out what unbinding stops or drops, keeping what describes the binding (its source path's
    /// text, its delivery's actor, its delegates).
    @usableFromInline
    mutating func takeDropped() -> Parts {
      var dropped = Parts()
      swap(&dropped.forward, &forward)
      swap(&dropped.reverse, &reverse)
      guard let extras else { return dropped }
      dropped.endEditing = extras.endEditing
      dropped.beginEditing = extras.beginEditing
      dropped.enabling = extras.enabling
      dropped.feed = extras.feed
      dropped.targetChain = extras.targetChain
      extras.feed = nil
      extras.targetChain = nil
      extras.endEditing = nil
      extras.beginEditing = nil
      extras.enabling = nil
      extras.commit = nil
      extras.discard = nil
      return dropped
    }

    /// Cancels what was taken out by ``takeDropped()``.
    @usableFromInline
    func cancelAll() {
      forward?.cancel()
      reverse?.cancel()
      endEditing?.cancel()
      beginEditing?.cancel()
      enabling?.cancel()
      feed?.cancel()
      targetChain?.cancel()
    }

    /// Whether the rarely set parts were ever made.
    @usableFromInline
    var hasExtras: Bool { extras != nil }

    @usableFromInline
    mutating func made() -> Extras {
      if let extras { return extras }
      let made = Extras()
      extras = made
      return made
    }
  }

  /// The parts few bindings have; read and written only under the binding's lock.
  @usableFromInline
  final class Extras {
    @usableFromInline
    var endEditing: (any Cancellable)?
    @usableFromInline
    var beginEditing: (any Cancellable)?
    @usableFromInline
    var enabling: (any Cancellable)?
    @usableFromInline
    var feed: (any Cancellable)?
    @usableFromInline
    var targetChain: (any Cancellable)?
    @usableFromInline
    var commit: (() -> BindingError?)?
    @usableFromInline
    var discard: (() -> Void)?
    @usableFromInline
    weak var ownDelegate: (any BindingDelegate)?
    @usableFromInline
    weak var inheritedDelegate: (any BindingDelegate)?
    @usableFromInline
    var sourcePathText: String?
    @usableFromInline
    var deliveryActor: (any Actor)?
    var sourceDeliveryActor: (any Actor)?
    /// What diagnostics know of the binding (recorded bindings, and those of spec files).
    var details: BindingDetails?
    /// The control showing an error of this binding (the target, or the control at the end of a
    /// target path), until the error is cleared.
    weak var errorControl: (any EditableControl)?
  }

  /// Behind its own lock, inside the binding (no object of its own): see ``withParts(_:)``.
  @usableFromInline
  let parts: Mutex<Parts> = Mutex(Parts())

  /// Runs `body` with the parts locked, telling the thread sanitizer about the lock (it does not see
  /// `Mutex`'s futex), as ``Locked`` does.
  @inline(__always)
  @inlinable
  final func withParts<Result>(_ body: (inout Parts) -> Result) -> Result {
    parts.withAnnotatedLock(Unmanaged.passUnretained(self).toOpaque(), body)
  }
  /// The target property's identifier in its registrar's binding table.
  @usableFromInline
  let targetPropertyID: PropertyID

  /// The file where the binding was made: its name's first byte, the name ending with a zero byte
  /// (a `StaticString`'s text: kept in 8 bytes, not 17).
  @usableFromInline
  let fileStart: UnsafePointer<CChar>
  /// The line where the binding was made (no source file has more lines than 32 bits count).
  @usableFromInline
  let storedLine: UInt32

  @usableFromInline
  init(
    source: AnyObject,
    sourceKeyPath: AnyKeyPath?,
    sourcePathText: String? = nil,
    target: any KeyValueObservable,
    targetKeyPath: AnyKeyPath,
    targetPropertyID: PropertyID,
    options: BindingOptions,
    file: StaticString,
    line: UInt,
    subscription: SlotKey = SlotKey(id: PropertyID(rawValue: 0), channel: .change),
    storage: RegistrarStorage = .detached
  ) {
    self.sourceReference = BoundObjectReference(source)
    self.targetReference = BoundObjectReference(target)
    self.targetStorage = target.keyValueRegistrar.storage
    self.sourceKeyPath = sourceKeyPath
    self.targetKeyPath = targetKeyPath
    self.targetPropertyID = targetPropertyID
    self.state = BindingState(options: options)
    self.fileStart = Self.start(of: file)
    self.storedLine = UInt32(clamping: line)
    let actor = options.deliveryActors?.target
    let sourceActor = options.deliveryActors?.source
    super.init(key: subscription, storage: storage)
    if sourcePathText != nil || options.deliveryActors != nil {
      parts.withLock { parts in
        parts.sourcePathText = sourcePathText
        parts.deliveryActor = actor
        parts.sourceDeliveryActor = sourceActor
      }
    }
  }

  /// Puts the binding in the registry of live bindings, and makes its writes take the observed path
  /// (which records their values).
  @inline(never)
  private final func startRecording() {
    nameEndsForRecording()
    state.insert(.recorded)
    state.insert(.mayHaveDelegate)
    BindingDiagnostics.register(self)
  }

  /// The text of `file`, which a `#fileID` always has as a pointer to bytes ending with a zero.
  @usableFromInline
  static func start(of file: StaticString) -> UnsafePointer<CChar> {
    let text = file.hasPointerRepresentation ? file : "?"
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
  }

  /// The source object, while it exists.
  public final var source: AnyObject? { sourceReference.object }

  /// The target object, while it exists.
  public final var target: AnyObject? { targetReference.object }

  /// The source object, while it exists, as an evaluation of the source path reads it (the binding's
  /// own reference, as ``liveTarget``).
  @inline(__always)
  @inlinable
  final var liveSource: AnyObject? { sourceReference.object }

  /// The target object, while it exists, as a change to write to it reads it (the binding's own
  /// reference: a handler keeps none of its own).
  @inline(__always)
  @inlinable
  final var liveTarget: AnyObject? { targetReference.object }

  /// The source, while it exists, as the type the binding was made with (closures of the binding
  /// reach its ends through the binding: a weak capture would slow every retain of the object).
  @inline(__always)
  @inlinable
  final func liveSource<Object: AnyObject>(as type: Object.Type) -> Object? {
    guard let object = liveSource else { return nil }
    return unsafeDowncast(object, to: Object.self)
  }

  /// The target, while it exists, as the type the binding was made with.
  @inline(__always)
  @inlinable
  final func liveTarget<Object: AnyObject>(as type: Object.Type) -> Object? {
    guard let object = liveTarget else { return nil }
    return unsafeDowncast(object, to: Object.self)
  }

  /// The direction in force: what ``BindingOptions/direction`` asked for, or what the paths allow.
  public final var direction: BindingDirection { state.direction }

  /// Whether the binding still acts: not unbound, and both ends alive.
  public final var isBound: Bool {
    !state.contains(.unbound) && sourceReference.object != nil && targetReference.object != nil
  }

  /// Ends the binding for good. Unbinding twice does nothing.
  public final func unbind() {
    guard !state.insert(.unbound) else { return }
    if state.containsRelaxed(.recorded) { BindingDiagnostics.deregister(self) }
    // A binding that is its own subscriber leaves its source's registrar.
    if storage !== RegistrarStorage.detached { storage.remove(self) }
    // A binding that is its own subscriber usually has no parts: nothing to take out.
    if withParts({ $0.forward != nil || $0.reverse != nil || $0.hasExtras }) {
      withParts { $0.takeDropped() }.cancelAll()
    }
    // Released here, outside the lock.
    let removed = targetStorage.withLock { $0.owned.remove(self) }
    withExtendedLifetime(removed) {}
  }

  /// The object this binding writes to is gone: the binding ends with it.
  override final func targetDidDeinit() { unbind() }

  // MARK: Editing

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

  /// `Target.path ⇄ Source.path (state, location)`.
  public final var description: String {
    let state = isBound ? "bound" : "unbound"
    KeyPathNames.learn(reading: targetKeyPath, of: target)
    let sourceText: String
    if let sourceKeyPath, sourcePathText == nil {
      KeyPathNames.learn(reading: sourceKeyPath, of: source)
      sourceText = KeyPathNames.describe(sourceKeyPath)
    } else {
      let sourceType = source.map { String(describing: type(of: $0)) } ?? "?"
      sourceText = "\(sourceType).\(sourcePathText ?? "?")"
    }
    return "\(KeyPathNames.describe(targetKeyPath)) \(direction) \(sourceText) (\(state), \(location))"
  }

  /// Keeps this binding in a set, to unbind it with the others.
  @discardableResult
  public final func store(in set: BindingSet) -> PropertyBinding {
    set.insert(self)
    return self
  }

  // MARK: Internals

  @inlinable
  final var isUnbound: Bool { state.containsRelaxed(.unbound) }

  @usableFromInline
  final func setDirection(_ direction: BindingDirection) {
    state.setDirection(direction)
    // Set once, when the binding is made, before its first value: the moment to register it and to
    // tell whether it closes a loop.
    if let declared = Self.declaringLocation { setDeclaredLocation(declared) }
    if BindingDiagnostics.isRecording || state.isTraced, !state.contains(.recorded) { startRecording() }
    BindingLoopCheck.check(self, direction: direction)
  }

  /// Keeps `part` (the forward observer, a reverse subscription, …) as the binding's `slot`, to cancel
  /// it at unbind (at once if the binding is already unbound).
  @usableFromInline
  final func attach(_ part: any Cancellable, as slot: BindingPart) {
    let runNow = withParts { parts -> Bool in
      if state.contains(.unbound) { return true }
      switch slot {
      case .forward: parts.forward = part
      case .reverse: parts.reverse = part
      case .endEditing: parts.endEditing = part
      case .beginEditing: parts.beginEditing = part
      case .enabling: parts.enabling = part
      case .feed: parts.feed = part
      case .targetChain: parts.targetChain = part
      }
      return false
    }
    if runNow { part.cancel() }
  }

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

  // MARK: Delegate

  /// The binding's own delegate (held weakly); it wins over the delegate of its ``BindingSet``.
  public final var delegate: (any BindingDelegate)? {
    get { withParts { $0.ownDelegate } }
    set {
      withParts { $0.ownDelegate = newValue }
      if newValue != nil { noteDelegate() }
    }
  }

  /// Sets the delegate inherited from a binding set.
  final func setInheritedDelegate(_ delegate: (any BindingDelegate)?) {
    withParts { $0.inheritedDelegate = delegate }
    if delegate != nil { noteDelegate() }
  }

  /// The binding may have a delegate from now on; an input of combined Boolean bindings tells its
  /// group, which then tells the delegates of its writes.
  private final func noteDelegate() {
    state.insert(.mayHaveDelegate)
    let parts = withParts { [$0.forward, $0.enabling] }
    for part in parts {
      (part as? CombinedInput)?.group.inputMayHaveDelegate()
      (part as? FollowedCombinedInput)?.inputMayHaveDelegate()
    }
  }

  /// The delegate in force: the binding's own, else its set's.
  @inline(__always)
  @inlinable
  final var currentDelegate: (any BindingDelegate)? {
    guard state.contains(.mayHaveDelegate) else { return nil }
    return withParts { $0.ownDelegate ?? $0.inheritedDelegate }
  }

  /// Writes the target with `write`, telling the delegate before and after.
  @inline(__always)
  @inlinable
  final func updateTarget(with value: @autoclosure () -> Any, _ write: () -> Void) {
    guard state.contains(.observedTargetWrite) else {
      writing(write, echoes: .targetWritesEcho)
      return
    }
    // The model gives the control another value: an error the control shows for what the user
    // typed before belongs to that text, not to this value.
    if state.contains(.showsError) { clearShownError() }
    guard state.contains(.mayHaveDelegate) else {
      writing(write, echoes: .targetWritesEcho)
      return
    }
    // Observed: a delegate hears it, and diagnostics record it (`write` is used only here, inlined, so
    // the fast path above keeps its closure as it is).
    let shown = value()
    let delegate = currentDelegate
    delegate?.binding(self, willUpdateTarget: shown)
    if state.containsRelaxed(.recorded) {
      let outer = beginRecording(shown, toTarget: true)
      writing(write, echoes: .targetWritesEcho)
      endRecording(outer)
    } else {
      writing(write, echoes: .targetWritesEcho)
    }
    delegate?.binding(self, didUpdateTarget: shown)
  }

  /// Writes the source with `write` unless the delegate vetoes; whether it wrote.
  @inlinable
  @discardableResult
  final func updateSource<Value, TargetValue>(
    with value: Value, from targetValue: TargetValue, _ write: () -> Void
  ) -> Bool {
    guard state.contains(.mayHaveDelegate) else {
      writing(write)
      return true
    }
    let delegate = currentDelegate
    if let delegate, !delegate.binding(self, shouldUpdateSource: value, from: targetValue) { return false }
    if state.containsRelaxed(.recorded) {
      let outer = beginRecording(value, toTarget: false)
      writing(write)
      endRecording(outer)
    } else {
      writing(write)
    }
    delegate?.binding(self, didUpdateSource: value)
    return true
  }

  /// Marks the binding as two-way: from now on its writes are guarded against their own echo; its
  /// writes to the target too when `fromTarget` (the reverse path hears every change of the target,
  /// not only a user's edits of a control).
  @usableFromInline
  final func guardsEcho(fromTarget: Bool) {
    state.insert(.hasReversePath)
    if fromTarget { state.insert(.targetWritesEcho) }
  }

  /// Whether this thread is inside a write made by this binding (so the change is its own echo).
  @inline(__always)
  @inlinable
  final var isWritingOnThisThread: Bool {
    guard state.isBeingWritten else { return false }
    let me = ObjectIdentifier(self)
    return BindingThreadContext.current.writingBindings.contains(me)
  }

  /// Runs a write made by this binding; notifications it causes to this binding are skipped when the
  /// binding has `echoes` (a one-way binding's writes, and a two-way binding's writes to a control
  /// whose edits it hears, cannot come back: no thread-local bookkeeping for them).
  @inline(__always)
  @inlinable
  final func writing(_ body: () -> Void, echoes: BindingState.Flag = .hasReversePath) {
    guard state.containsRelaxed(echoes) else {
      body()
      return
    }
    let context = BindingThreadContext.current
    context.writingBindings.append(ObjectIdentifier(self))
    state.beginWrite()
    body()
    state.endWrite()
    context.writingBindings.removeLast()
  }

  /// Schedules `flush` on the binding's actor, once for any number of changes before it runs.
  @usableFromInline
  final func scheduleDelivery(_ flush: @escaping () -> Void) {
    guard !state.insert(.pendingDelivery) else { return }
    onTargetSide { [self] in
      state.remove(.pendingDelivery)
      flush()
    }
  }

  /// Runs `work` where the binding writes its target (``BindingOptions/delivery``): there, later, or
  /// here and now for a synchronous binding. Not coalesced (a refused edit's report, a settled value).
  @usableFromInline
  final func onTargetSide(_ work: @escaping () -> Void) {
    run(work, kind: state.deliveryKind, actor: { $0.deliveryActor })
  }

  /// Runs `work` where the binding writes its source (``BindingOptions/sourceDelivery``).
  @usableFromInline
  final func onSourceSide(_ work: @escaping () -> Void) {
    run(work, kind: state.sourceDeliveryKind, actor: { $0.sourceDeliveryActor })
  }

  /// Runs `work` now (kind 0), on the main actor (1) or on the actor of the binding's parts (2).
  private final func run(_ work: @escaping () -> Void, kind: UInt64, actor: (Parts) -> (any Actor)?) {
    // The binding's closures are made for the threads its options name, as the forward delivery's are.
    let work = UncheckedSendable(work)
    switch kind {
    case 1:
      Task { @MainActor in work.value() }
    case 2:
      guard let chosen = withParts({ actor($0) }) else { return work.value() }
      Task { await runIsolated(on: chosen) { work.value() } }
    default:
      work.value()
    }
  }
}
