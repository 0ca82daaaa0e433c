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
  /// The target's property; a dotted path reaches it through objects, and is followed when one of them
  /// is replaced (they must be there at load), by every kind of binding: a pattern's, a combined
  /// Boolean input's, a conditional enabling's.
  public var targetKeyPath: String
  /// A display pattern: the target (a text property) shows this text with `%{value1}@` replaced by
  /// the value of `sourceKeyPath`, `%{value2}@` by the first of ``patternKeyPaths``, and so on (`%%` is
  /// a `%`). A pattern binding is read-only: it takes a transformer or formatter and a
  /// `nullPlaceholder` for each value, and none of the options of edits.
  public var displayPattern: String?
  /// The key paths, on the same source, of a display pattern's `%{value2}@`, `%{value3}@`…
  public var patternKeyPaths: [String]
  /// The direction; `nil` lets the paths decide (two-way when the source path can be written).
  public var direction: BindingDirection?
  /// A transformer of the registry, by name (the field `transformer`, or JSKit's `valueTransformer`, in a
  /// file).
  public var transformer: String?
  /// The settings of a number format made by the factory registered as `numberFormatter`
  /// (`BinderyFormatters`' `registerTextFormats()`), as the expression attribute's settings:
  /// `numberStyle: currency`, `currencyCode: EUR`, `locale: de_DE`; instead of a `transformer`.
  public var numberFormatter: [String: String]?
  /// The settings of a date format made by the factory registered as `dateFormatter`:
  /// `dateStyle: medium`, `timeStyle: short`, `timeZone: UTC`; instead of a `transformer`.
  public var dateFormatter: [String: String]?
  /// The settings of a measurement format made by the factory registered as `measurementFormatter`:
  /// `unit: km`, `locale: de_DE`, `maximumFractionDigits: 1`; instead of a `transformer`.
  public var measurementFormatter: [String: String]?
  /// The transformer of the editing form, by name: shown from the control's begin-editing report to
  /// its end-editing report (the expression attribute `editingTransformer`).
  public var editingTransformer: String?
  /// A check of what the user enters, registered by name with
  /// `BindingTransformerRegistry.register(validator:named:)`; a rejected value leaves the model
  /// unchanged and shows at the control.
  public var validator: String?
  /// `false` writes an edit back only at the end of editing (on commit); `nil` or `true` writes every edit.
  public var updatesContinuously: Bool?
  /// `true` disables the target while its source path is not applicable or has no selection (with a
  /// dotted `targetKeyPath`, the control at its end: `aView` for `aView.text`).
  public var conditionallySetsEnabled: Bool?
  /// `true` traces the binding (`BindingOptions.isTraced`; the field `traced` in a file).
  public var isTraced: Bool?
  /// When the user's edits are written back: `debounce 300ms` (a pause after the last edit) or
  /// `throttle 1s` (at most once an interval), and at the end of editing; `nil` writes as
  /// `updatesContinuously` says (the expression attribute `pacing`, ``EditPacing`` in code).
  public var pacing: String?
  /// The text shown when the source value is `nil` (a text property only).
  public var nullPlaceholder: String?
  /// The text shown when a marked source has no selection (a text property only).
  public var noSelectionPlaceholder: String?
  /// The text shown when a marked source's selected objects disagree (a text property only).
  public var multipleValuesPlaceholder: String?
  /// The text shown when the source path cannot be resolved, an object on the way is `nil` (a text
  /// property only).
  public var notApplicablePlaceholder: String?
  /// Where each field was in the file it was read from (for errors).
  var origins: [String: YAMLValueOrigin] = [:]

  /// Creates a definition.
  public init(
    source: String,
    sourceKeyPath: String,
    target: String,
    targetKeyPath: String,
    displayPattern: String? = nil,
    patternKeyPaths: [String] = [],
    direction: BindingDirection? = nil,
    transformer: String? = nil,
    numberFormatter: [String: String]? = nil,
    dateFormatter: [String: String]? = nil,
    measurementFormatter: [String: String]? = nil,
    editingTransformer: String? = nil,
    validator: String? = nil,
    updatesContinuously: Bool? = nil,
    conditionallySetsEnabled: Bool? = nil,
    isTraced: Bool? = nil,
    pacing: String? = nil,
    nullPlaceholder: String? = nil,
    noSelectionPlaceholder: String? = nil,
    multipleValuesPlaceholder: String? = nil,
    notApplicablePlaceholder: String? = nil
  ) {
    self.source = source
    self.sourceKeyPath = sourceKeyPath
    self.target = target
    self.targetKeyPath = targetKeyPath
    self.displayPattern = displayPattern
    self.patternKeyPaths = patternKeyPaths
    self.direction = direction
    self.transformer = transformer
    self.numberFormatter = numberFormatter
    self.dateFormatter = dateFormatter
    self.measurementFormatter = measurementFormatter
    self.editingTransformer = editingTransformer
    self.validator = validator
    self.updatesContinuously = updatesContinuously
    self.conditionallySetsEnabled = conditionallySetsEnabled
    self.isTraced = isTraced
    self.pacing = pacing
    self.nullPlaceholder = nullPlaceholder
    self.noSelectionPlaceholder = noSelectionPlaceholder
    self.multipleValuesPlaceholder = multipleValuesPlaceholder
    self.notApplicablePlaceholder = notApplicablePlaceholder
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
      && lhs.targetKeyPath == rhs.targetKeyPath && lhs.displayPattern == rhs.displayPattern
      && lhs.patternKeyPaths == rhs.patternKeyPaths && lhs.direction == rhs.direction
      && lhs.transformer == rhs.transformer
      && lhs.numberFormatter == rhs.numberFormatter && lhs.dateFormatter == rhs.dateFormatter
      && lhs.measurementFormatter == rhs.measurementFormatter
      && lhs.editingTransformer == rhs.editingTransformer && lhs.validator == rhs.validator
      && lhs.updatesContinuously == rhs.updatesContinuously
      && lhs.conditionallySetsEnabled == rhs.conditionallySetsEnabled && lhs.isTraced == rhs.isTraced
      && lhs.pacing == rhs.pacing
      && lhs.nullPlaceholder == rhs.nullPlaceholder
      && lhs.noSelectionPlaceholder == rhs.noSelectionPlaceholder
      && lhs.multipleValuesPlaceholder == rhs.multipleValuesPlaceholder
      && lhs.notApplicablePlaceholder == rhs.notApplicablePlaceholder
  }
}

extension BindingDirection {
  /// The name used in definition files: `both`, `sourceToTarget`, `targetToSource`.
  package var fileName: String {
    switch self {
    case .both: "both"
    case .sourceToTarget: "sourceToTarget"
    case .targetToSource: "targetToSource"
    }
  }

  /// The direction named `fileName` in a definition file.
  package init?(fileName: String) {
    switch fileName {
    case "both": self = .both
    case "sourceToTarget": self = .sourceToTarget
    case "targetToSource": self = .targetToSource
    default: return nil
    }
  }
}
