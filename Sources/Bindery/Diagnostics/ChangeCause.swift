/// Why a value changed: one step of a propagation, and the step that caused it, back to its start
/// (a user's edit of a control, or a write in code), recorded while ``BindingDiagnostics`` records.
///
/// ```swift
/// BindingDiagnostics.isRecording = true
/// // … the user types "Ada" in the first-name field …
/// print(BindingDiagnostics.cause(of: fullNameLabel, \.text)!)
/// // HeadlessLabel.text = "Ada Lovelace" ← PersonController.person.fullName (made at Editor.swift:14)
/// //   ← user edit "Ada" in HeadlessTextField.text → PersonController.person.firstName (made at Editor.swift:12)
/// ```
public final class ChangeCause: CustomStringConvertible, Sendable {
  /// What kind of step it is.
  public enum Kind: Sendable, Equatable {
    /// A binding wrote its target (a source change reached it).
    case targetUpdate
    /// A binding wrote its source with a value a user entered in a control (an edit that nothing
    /// recorded caused).
    case userEdit
    /// A binding wrote its source with a value from its target (a property bound two-way changed).
    case sourceUpdate
  }

  /// What kind of step it is.
  public let kind: Kind
  /// The property written, `Type.property` (the target's for an update, the source's for a write back).
  public let property: String
  /// The other end of the binding, `Type.path`: what the value came from.
  public let from: String
  /// The value written, as text.
  public let value: String
  /// The value the binding wrote before in the same direction, as text, when it had written one.
  public let previousValue: String?
  /// Where the binding was made.
  public let location: String
  /// The thread it happened on, numbered in the order threads first took part in a binding (1 first).
  public let thread: Int
  /// When it happened.
  public let time: ContinuousClock.Instant
  /// The step that caused this one (the write during which it happened), `nil` at the start: a write
  /// in code, or an edit of a control.
  public let cause: ChangeCause?
  /// Whether the binding that wrote was made with ``BindingOptions/isTraced`` (a trace logs it
  /// whatever its filter).
  public let isTraced: Bool
  /// The binding that wrote (its identity, to tell one page's changes from another's).
  let binding: ObjectIdentifier

  init(
    kind: Kind, property: String, from: String, value: String, previousValue: String?, location: String,
    thread: Int, cause: ChangeCause?, binding: ObjectIdentifier, isTraced: Bool
  ) {
    self.binding = binding
    self.isTraced = isTraced
    self.kind = kind
    self.property = property
    self.from = from
    self.value = value
    self.previousValue = previousValue
    self.location = location
    self.thread = thread
    self.time = .now
    self.cause = cause
  }

  /// This step and its causes, this one first.
  public var chain: [ChangeCause] {
    var steps: [ChangeCause] = []
    var step: ChangeCause? = self
    while let current = step, steps.count < 1_000 {
      steps.append(current)
      step = current.cause
    }
    return steps
  }

  /// One step: `HeadlessLabel.text = "Ada" ← Person.firstName (made at …)`, or, for an edit,
  /// `user edit "Ada" in HeadlessTextField.text → Person.firstName (made at …)`.
  public var step: String {
    let change = previousValue.map { "\($0) → \(value)" } ?? value
    switch kind {
    case .targetUpdate:
      return "\(property) = \(change) ← \(from) (made at \(location), thread \(thread))"
    case .userEdit:
      return "user edit \(value) in \(from) → \(property) (made at \(location), thread \(thread))"
    case .sourceUpdate:
      return "\(property) = \(change) ← \(from), written back (made at \(location), thread \(thread))"
    }
  }

  /// The chain, one step a line, the last change first; the first one says whether code started it.
  public var description: String {
    explanation.enumerated().map { index, line in (index == 0 ? "" : "  ← ") + line }.joined(separator: "\n")
  }

  /// The chain's steps as text (``step``), this change first, and last, when no recorded change
  /// started it, `a write in code to Type.property`.
  public var explanation: [String] {
    let steps = chain
    var lines = steps.map(\.step)
    if let first = steps.last, first.kind == .targetUpdate {
      lines.append("a write in code to \(first.from)")
    }
    return lines
  }
}
