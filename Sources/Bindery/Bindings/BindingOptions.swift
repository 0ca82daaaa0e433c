/// Which way a binding carries values.
public enum BindingDirection: Sendable, Equatable, CustomStringConvertible {
  /// Source changes are written to the target (read-only binding).
  case sourceToTarget
  /// Target changes (user edits, for a control) are written to the source; the source is never read.
  case targetToSource
  /// Both ways; the default when the source path is writable.
  case both

  /// `→`, `←` or `⇄`, as a binding's description shows it.
  public var description: String {
    switch self {
    case .sourceToTarget: "←"
    case .targetToSource: "→"
    case .both: "⇄"
    }
  }
}

/// Where a binding writes one of its ends: its target (``BindingOptions/delivery``, the source's
/// changes) or its source (``BindingOptions/sourceDelivery``, the user's edits).
public enum BindingDelivery: Sendable {
  /// On the mutating thread, synchronously, before the mutation returns (the default).
  case synchronous
  /// On the main actor: the latest value is written there, after the mutation returns.
  case mainActor
  /// On an actor of your choice: the latest value is written there, after the mutation returns.
  case actor(any Actor)
}

/// How a binding behaves.
///
/// ```swift
/// label.bind(\.text, to: controller, \.person?.fullName, options: BindingOptions(delivery: .mainActor))
/// // A model isolated to its own actor, edited in a field on the main actor:
/// field.bind(\.text, to: model, \.name, options: BindingOptions(delivery: .mainActor, sourceDelivery: .actor(owner)))
/// ```
public struct BindingOptions: Sendable {
  /// Where the target is written (the source's changes, and a refused edit's error shown by a control).
  @inlinable
  public var delivery: BindingDelivery {
    get { Self.delivery(kind: deliveryKinds & 0b11, actor: deliveryActors?.target) }
    set { setDeliveries(target: newValue, source: sourceDelivery) }
  }
  /// Where the source is written: the user's edits (the reverse path), converted, validated and
  /// written there, the latest edit first of those waiting. A refused edit shows at the control
  /// where ``delivery`` writes; ``PropertyBinding/commitEditing()`` does not wait for the write,
  /// and the delegate is asked there.
  @inlinable
  public var sourceDelivery: BindingDelivery {
    get { Self.delivery(kind: deliveryKinds >> 2, actor: deliveryActors?.source) }
    set { setDeliveries(target: delivery, source: newValue) }
  }
  // The two deliveries are kept as two kinds in a byte and, only when one names an actor, a
  // reference to the actors: options are copied several times while a binding is made, and two
  // existentials stored inline made each copy several times as costly.
  /// The actors of actor deliveries, when there are any.
  @usableFromInline
  var deliveryActors: DeliveryActors?
  /// The deliveries' kinds: the target's in bits 0–1, the source's in bits 2–3 (0 synchronous, 1 the
  /// main actor, 2 an actor).
  @usableFromInline
  var deliveryKinds: UInt8 = 0
  /// The direction asked for; `nil` picks ``BindingDirection/both`` when the source path can be
  /// written and ``BindingDirection/sourceToTarget`` otherwise.
  public var direction: BindingDirection?
  /// For a Boolean target property: combine with its other bindings (AND, OR) instead of replacing
  /// them. `nil` asks the target (``BooleanCombining``); the headless controls combine `isEnabled`
  /// with AND and `isHidden` with OR.
  public var combining: BooleanCombination?
  /// `true` (the default) writes each user edit back at once (every keystroke); `false` keeps it
  /// pending until the control reports the end of editing or ``PropertyBinding/commitEditing()``.
  public var updatesContinuously: Bool
  /// `true` disables the target (an ``EnablingControl``) while the source path cannot be resolved or
  /// nothing is selected (Cocoa's "conditionally sets enabled"): a field bound to
  /// `\.person?.firstName` is disabled while `person` is `nil`. Combined with AND with the target's
  /// other `isEnabled` bindings. With a target path of several steps (`\.aView.text`) it is the
  /// control at the end of the path (`aView`) that is enabled, followed when it is replaced. `false` by
  /// default.
  public var conditionallySetsEnabled: Bool
  /// `true` records the binding's writes and their causes even while ``BindingDiagnostics`` does not
  /// record, and has a trace (`BindingTracer` in `BinderyTracing`) log them whatever its filter:
  /// tracing one binding without tracing the app. `false` by default.
  public var isTraced: Bool
  /// Creates options.
  @inlinable
  public init(
    direction: BindingDirection? = nil,
    delivery: BindingDelivery = .synchronous,
    sourceDelivery: BindingDelivery = .synchronous,
    combining: BooleanCombination? = nil,
    updatesContinuously: Bool = true,
    conditionallySetsEnabled: Bool = false,
    isTraced: Bool = false
  ) {
    self.direction = direction
    self.combining = combining
    self.updatesContinuously = updatesContinuously
    self.conditionallySetsEnabled = conditionallySetsEnabled
    self.isTraced = isTraced
    if case .synchronous = delivery, case .synchronous = sourceDelivery { return }
    setDeliveries(target: delivery, source: sourceDelivery)
  }

  /// Whether the target is written synchronously (``BindingDelivery/synchronous``).
  @inlinable
  var hasSynchronousDelivery: Bool { deliveryKinds & 0b11 == 0 }

  /// Keeps both deliveries.
  @usableFromInline
  mutating func setDeliveries(target: BindingDelivery, source: BindingDelivery) {
    let (targetKind, targetActor) = Self.parts(of: target)
    let (sourceKind, sourceActor) = Self.parts(of: source)
    deliveryKinds = targetKind | sourceKind << 2
    deliveryActors =
      targetActor == nil && sourceActor == nil ? nil : DeliveryActors(target: targetActor, source: sourceActor)
  }

  @usableFromInline
  static func parts(of delivery: BindingDelivery) -> (kind: UInt8, actor: (any Actor)?) {
    switch delivery {
    case .synchronous: (0, nil)
    case .mainActor: (1, nil)
    case .actor(let actor): (2, actor)
    }
  }

  @inlinable
  static func delivery(kind: UInt8, actor: (any Actor)?) -> BindingDelivery {
    switch kind {
    case 1: .mainActor
    case 2: actor.map { .actor($0) } ?? .synchronous
    default: .synchronous
    }
  }
}

/// The actors of a binding's actor deliveries (``BindingOptions/delivery``,
/// ``BindingOptions/sourceDelivery``).
@usableFromInline
final class DeliveryActors: Sendable {
  @usableFromInline
  let target: (any Actor)?
  @usableFromInline
  let source: (any Actor)?

  @usableFromInline
  init(target: (any Actor)?, source: (any Actor)?) {
    self.target = target
    self.source = source
  }
}
