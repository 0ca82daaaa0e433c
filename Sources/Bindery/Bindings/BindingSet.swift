/// A group of bindings, and of observations, that unbind together (ILBindingsSet's `unbind`).
///
/// ```swift
/// let bindings = BindingSet()
/// firstNameField.bind(\.text, to: controller, \.person?.firstName).store(in: bindings)
/// fullNameLabel.bind(\.text, to: controller, \.person?.fullName).store(in: bindings)
/// bindings.unbind()  // both end
/// ```
public final class BindingSet: @unchecked Sendable {
  private let members = Locked<[PropertyBinding]>([])
  private let observations = Locked<[KeyValueObservation]>([])
  private let delegateReference = Locked(WeakDelegate())

  private struct WeakDelegate {
    weak var delegate: (any BindingDelegate)?
  }

  /// The delegate of every binding of the set that has none of its own (held weakly).
  public var delegate: (any BindingDelegate)? {
    get { delegateReference.withLock { $0.delegate } }
    set {
      delegateReference.withLock { $0.delegate = newValue }
      for binding in bindings { binding.setInheritedDelegate(newValue) }
    }
  }

  /// Creates an empty set.
  public init() {}

  /// Creates a set holding `bindings`.
  public init(_ bindings: [PropertyBinding]) {
    members.withLock { $0 = bindings }
  }

  /// Adds a binding; it reports to the set's ``delegate`` unless it has its own.
  public func insert(_ binding: PropertyBinding) {
    members.withLock { $0.append(binding) }
    if let delegate { binding.setInheritedDelegate(delegate) }
  }

  /// Adds an observation, to end it with the bindings (``KeyValueObservation/store(in:)``).
  public func insert(_ observation: KeyValueObservation) {
    observations.withLock { $0.append(observation) }
  }

  /// The bindings of the set, in the order they were added.
  public var bindings: [PropertyBinding] { members.withLock { $0 } }

  /// The number of bindings in the set that are still bound.
  public var boundCount: Int { bindings.filter(\.isBound).count }

  /// Commits the pending edits of every binding of the set (Cocoa's `commitEditing`).
  ///
  /// - Throws: The first ``BindingError``; the bindings whose edits failed keep them pending, the others
  ///   are committed.
  public func commitEditing() throws(BindingError) {
    var firstError: BindingError?
    for binding in bindings {
      do {
        try binding.commitEditing()
      } catch {
        if firstError == nil { firstError = error }
      }
    }
    if let firstError { throw firstError }
  }

  /// Discards the pending edits of every binding of the set.
  public func discardEditing() {
    for binding in bindings { binding.discardEditing() }
  }

  /// Whether any binding of the set has a pending edit.
  public var hasPendingEdits: Bool { bindings.contains { $0.hasPendingEdit } }

  /// Unbinds every binding and every observation of the set and empties it.
  public func unbind() {
    let all = members.withLock { members in
      defer { members = [] }
      return members
    }
    for binding in all { binding.unbind() }
    let observed = observations.withLock { observations in
      defer { observations = [] }
      return observations
    }
    for observation in observed { observation.unbind() }
  }
}
