public import Bindery

/// One binding of a definition file (ILBinding's bindings sets): the objects, reached from an owner,
/// and the key paths bound, with options.
///
/// ```swift
/// let definition = BindingDefinition(
///   source: "self", sourceKeyPath: "importancyValue", target: "slider", targetKeyPath: "value")
/// ```
public struct BindingDefinition: Sendable, CustomStringConvertible {
  /// The source object: `self` (the owner) or a key path from the owner, resolved once at load.
  public var source: String
  /// The source key path, observed.
  public var sourceKeyPath: String
  /// The target object: `self` or a key path from the owner, resolved once at load.
  public var target: String
  /// The target's property; a dotted path reaches it through objects resolved once at load.
  public var targetKeyPath: String
  /// The direction; `nil` lets the paths decide (two-way when the source path can be written).
  public var direction: BindingDirection?
  /// A transformer of the registry, by name.
  public var transformer: String?
  /// Where each field was in the file it was read from (for errors).
  var origins: [String: YAMLValueOrigin] = [:]

  /// Creates a definition.
  public init(
    source: String,
    sourceKeyPath: String,
    target: String,
    targetKeyPath: String,
    direction: BindingDirection? = nil,
    transformer: String? = nil
  ) {
    self.source = source
    self.sourceKeyPath = sourceKeyPath
    self.target = target
    self.targetKeyPath = targetKeyPath
    self.direction = direction
    self.transformer = transformer
  }

  /// `target.targetKeyPath ← source.sourceKeyPath`.
  public var description: String {
    "\(target).\(targetKeyPath) \(direction.map { "\($0)" } ?? "⇄?") \(source).\(sourceKeyPath)"
  }
}

extension BindingDefinition: Equatable {
  /// Whether two definitions bind the same things the same way (wherever they were read from).
  public static func == (lhs: BindingDefinition, rhs: BindingDefinition) -> Bool {
    lhs.source == rhs.source && lhs.sourceKeyPath == rhs.sourceKeyPath && lhs.target == rhs.target
      && lhs.targetKeyPath == rhs.targetKeyPath && lhs.direction == rhs.direction && lhs.transformer == rhs.transformer
  }
}

extension BindingDirection {
  /// The name used in definition files: `both`, `sourceToTarget`, `targetToSource`.
  public var fileName: String {
    switch self {
    case .both: "both"
    case .sourceToTarget: "sourceToTarget"
    case .targetToSource: "targetToSource"
    }
  }

  /// The direction named `fileName` in a definition file.
  public init?(fileName: String) {
    switch fileName {
    case "both": self = .both
    case "sourceToTarget": self = .sourceToTarget
    case "targetToSource": self = .targetToSource
    default: return nil
    }
  }
}
