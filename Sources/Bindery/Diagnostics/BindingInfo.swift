/// What one binding is and did, as values: its ends, paths, direction, options, conversion,
/// placeholders, where it was made, and the last value it wrote each way (Cocoa's `infoForBinding`,
/// and more). Taken at one moment: an end that has gone since shows as gone.
///
/// ```swift
/// for info in label.bindings.map(\.info) { print(info) }
/// // HeadlessLabel.text ← Person.fullName (one way; last written "Ada Lovelace"; made at Editor.swift:12)
/// ```
public struct BindingInfo: Sendable, Equatable, CustomStringConvertible {
  /// The target's type, `HeadlessLabel`.
  public var targetType: String
  /// The target object, while it exists (its identity, for grouping and graphs).
  public var targetID: ObjectIdentifier?
  /// The bound property of the target, `text`.
  public var targetProperty: String
  /// The source's type (its key path's root type once it has gone); `nil` when neither is known.
  public var sourceType: String?
  /// The source object, while it exists; `nil` once it has gone.
  public var sourceID: ObjectIdentifier?
  /// The source path as written or as a key path reads it, `person.firstName`, or an expression's text.
  public var sourcePath: String
  /// The direction in force.
  public var direction: BindingDirection
  /// The options that differ from the defaults, as `name: value` (`updatesContinuously: false`).
  public var options: [String]
  /// What converts the values (a transformer's or format's name), when diagnostics recorded the
  /// binding and something converts.
  public var conversion: String?
  /// The placeholders, as `kind: value` (`nullValue: "—"`), when diagnostics recorded the binding.
  public var placeholders: [String]
  /// Where the binding was made: `File.swift:line`, or the file that declared it, `Editor.spec.yaml:42:5`.
  public var location: String
  /// The last value written to the target, as text, when diagnostics recorded the binding.
  public var lastTargetValue: String?
  /// The last value written back to the source, as text, when diagnostics recorded the binding.
  public var lastSourceValue: String?
  /// Whether the binding still acts.
  public var isBound: Bool

  /// `Target.property ← Source.path (one way; …; made at File.swift:12)`.
  public var description: String {
    "\(targetType).\(targetProperty) " + line(source: sourceType ?? "?")
  }

  /// The binding without its target: `← Source.path (one way; …; made at File.swift:12)`, the source
  /// named `source` while it exists and `Type (gone)` once it has gone.
  func line(source: String) -> String {
    let arrow =
      switch direction {
      case .both: "⇄"
      case .sourceToTarget: "←"
      case .targetToSource: "→"
      }
    var notes: [String] = [direction == .both ? "two-way" : direction == .sourceToTarget ? "one way" : "to source"]
    if !isBound { notes.append("unbound") }
    if let conversion { notes.append("through \(conversion)") }
    notes += options
    if !placeholders.isEmpty { notes.append("placeholders " + placeholders.joined(separator: ", ")) }
    if let lastTargetValue { notes.append("last shown \(lastTargetValue)") }
    if let lastSourceValue { notes.append("last written back \(lastSourceValue)") }
    notes.append("made at \(location)")
    let sourceName = sourceID == nil ? (sourceType.map { $0 + " " } ?? "") + "(gone)" : source
    return "\(arrow) \(sourceName).\(sourcePath) (" + notes.joined(separator: "; ") + ")"
  }
}

extension PropertyBinding {
  /// What this binding is and did, now (see ``BindingInfo``).
  public final var info: BindingInfo {
    let target = self.target
    let source = self.source
    KeyPathNames.learn(reading: targetKeyPath, of: target)
    KeyPathNames.learnComputed(reading: targetKeyPath, of: target)
    // Copied under the lock: a recording binding updates its details from the thread that writes.
    let (recorded, pathText) = withParts { parts in
      (
        parts.details.map { ($0.conversion, $0.placeholders, $0.lastTargetValue, $0.lastSourceValue) },
        parts.sourcePathText
      )
    }
    let sourcePath: String
    if let pathText {
      sourcePath = pathText
    } else if let sourceKeyPath {
      KeyPathNames.learn(reading: sourceKeyPath, of: source)
      KeyPathNames.learnComputed(reading: sourceKeyPath, of: source)
      sourcePath = Self.property(of: sourceKeyPath)
    } else {
      sourcePath = "?"
    }
    let options = self.options
    var optionTexts: [String] = []
    if !options.updatesContinuously { optionTexts.append("updatesContinuously: false") }
    if options.conditionallySetsEnabled { optionTexts.append("conditionallySetsEnabled: true") }
    if options.isTraced { optionTexts.append("isTraced: true") }
    switch options.delivery {
    case .synchronous: break
    case .mainActor: optionTexts.append("delivery: mainActor")
    case .actor: optionTexts.append("delivery: actor")
    }
    if let combining = options.combining { optionTexts.append("combining: \(combining)") }
    return BindingInfo(
      targetType: target.map { String(describing: type(of: $0)) } ?? Self.rootName(of: targetKeyPath),
      targetID: target.map(ObjectIdentifier.init),
      targetProperty: Self.property(of: targetKeyPath),
      sourceType: source.map { String(describing: type(of: $0)) } ?? sourceKeyPath.map(Self.rootName),
      sourceID: source.map(ObjectIdentifier.init),
      sourcePath: sourcePath,
      direction: direction,
      options: optionTexts,
      conversion: recorded?.0,
      placeholders: recorded?.1.map { "\($0.kind): \($0.value)" } ?? [],
      location: location,
      lastTargetValue: recorded?.2,
      lastSourceValue: recorded?.3,
      isBound: isBound
    )
  }

  /// The key path's name without its root type: `person.firstName`.
  private static func property(of keyPath: AnyKeyPath) -> String {
    let described = KeyPathNames.describe(keyPath).replacing("?.", with: ".")
    let root = rootName(of: keyPath) + "."
    return described.hasPrefix(root) ? String(described.dropFirst(root.count)) : described
  }

  private static func rootName(of keyPath: AnyKeyPath) -> String {
    String(describing: type(of: keyPath).rootType)
  }
}
