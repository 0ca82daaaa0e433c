import Bindery
import BinderyExpressions

extension BindingDefinition {
  /// The fields of a definition file, in the order they are written.
  static let fieldNames = [
    "source", "sourceKeyPath", "target", "targetKeyPath", "displayPattern", "patternKeyPaths", "direction",
    "transformer", "numberFormatter",
    "dateFormatter", "measurementFormatter",
    "editingTransformer",
    "validator", "updatesContinuously", "conditionallySetsEnabled", "traced", "pacing", "nullPlaceholder",
    "noSelectionPlaceholder", "multipleValuesPlaceholder", "notApplicablePlaceholder",
  ]
  /// The other names a file may give a field by: JSKit's `valueTransformer` is `transformer`, as in
  /// spec files. Saving writes the field's own name.
  static let fieldAliases = ["valueTransformer": "transformer"]
  /// The field a file's key names (its alias resolved), `nil` for an unknown key.
  static func field(named key: String) -> String? {
    let name = fieldAliases[key] ?? key
    return fieldNames.contains(name) ? name : nil
  }
  /// The fields every binding has.
  static let requiredFieldNames = ["source", "sourceKeyPath", "target", "targetKeyPath"]
  /// The fields that take `true` or `false`.
  static let flagFieldNames = ["updatesContinuously", "conditionallySetsEnabled", "traced"]
  /// The fields that give a formatter's settings (a mapping), by the names of the expression attributes
  /// and of the factories that make them.
  static let settingsFieldNames = ["numberFormatter", "dateFormatter", "measurementFormatter"]
  /// The fields a pattern binding (one with a `displayPattern`) refuses: the options of edits (but
  /// `direction: sourceToTarget`).
  static let editFieldNames = [
    "direction", "editingTransformer", "validator", "updatesContinuously", "conditionallySetsEnabled", "traced",
    "pacing",
  ]
  /// What breaks a pattern's rules, by field: `patternKeyPaths` without a `displayPattern`, and with
  /// one, the options of edits.
  var patternProblems: [(field: String, message: String)] {
    guard displayPattern != nil else {
      guard !patternKeyPaths.isEmpty else { return [] }
      return [("patternKeyPaths", "patternKeyPaths are the values of a displayPattern, which is missing")]
    }
    return Self.editFieldNames.compactMap { name in
      if name == "direction" {
        guard let direction, direction != .sourceToTarget else { return nil }
      } else if text(ofField: name) == nil {
        return nil
      }
      return (name, "a pattern binding only shows its values: \(name) does not apply (it is read-only)")
    }
  }

  /// The fields that give a placeholder, by the names of the expression attributes.
  static let placeholderFieldNames = [
    "nullPlaceholder", "noSelectionPlaceholder", "multipleValuesPlaceholder", "notApplicablePlaceholder",
  ]

  /// The settings the field `name` gives (`numberFormatter`, `dateFormatter`), `nil` when it is not set.
  func settings(ofField name: String) -> [String: String]? {
    switch name {
    case "numberFormatter": numberFormatter
    case "dateFormatter": dateFormatter
    case "measurementFormatter": measurementFormatter
    default: nil
    }
  }

  /// Sets the settings of the field `name` from a file; returns what is wrong, if anything.
  mutating func setSettings(_ name: String, _ settings: [String: String]) -> String? {
    switch name {
    case "numberFormatter": numberFormatter = settings
    case "dateFormatter": dateFormatter = settings
    case "measurementFormatter": measurementFormatter = settings
    default: return "\(name) takes text, not settings"
    }
    return nil
  }

  /// Whether `text` can be a setting's name: letters, digits and `_`, not starting with a digit.
  static func isSettingName(_ text: String) -> Bool {
    guard let first = text.first, first.isLetter || first == "_" else { return false }
    return text.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
  }

  /// The text of the field `name`, `nil` when it is not set.
  func text(ofField name: String) -> String? {
    switch name {
    case "source": source
    case "sourceKeyPath": sourceKeyPath
    case "target": target
    case "targetKeyPath": targetKeyPath
    case "displayPattern": displayPattern
    case "direction": direction?.fileName
    case "transformer": transformer
    case "editingTransformer": editingTransformer
    case "validator": validator
    case "updatesContinuously": updatesContinuously.map { $0 ? "true" : "false" }
    case "conditionallySetsEnabled": conditionallySetsEnabled.map { $0 ? "true" : "false" }
    case "traced": isTraced.map { $0 ? "true" : "false" }
    case "pacing": pacing
    case "nullPlaceholder": nullPlaceholder
    case "noSelectionPlaceholder": noSelectionPlaceholder
    case "multipleValuesPlaceholder": multipleValuesPlaceholder
    case "notApplicablePlaceholder": notApplicablePlaceholder
    default: nil
    }
  }

  /// Sets the field `name` from its text in a file; returns what is wrong with the text, if anything.
  mutating func setField(_ name: String, text: String) -> String? {
    if text.isEmpty, !BindingDefinition.placeholderFieldNames.contains(name) { return "\(name) must be text" }
    if BindingDefinition.settingsFieldNames.contains(name) {
      return "\(name) is a mapping of settings (numberStyle: currency, locale: de_DE)"
    }
    if name == "patternKeyPaths" { return "patternKeyPaths is a list of key paths ([book.author, book.year])" }
    switch name {
    case "source": source = text
    case "sourceKeyPath": sourceKeyPath = text
    case "target": target = text
    case "targetKeyPath": targetKeyPath = text
    case "displayPattern": displayPattern = text
    case "direction":
      guard let named = BindingDirection(fileName: text) else {
        return "unknown direction \(text.echoed) (use both, sourceToTarget, targetToSource)"
      }
      direction = named
    case "transformer": transformer = text
    case "editingTransformer": editingTransformer = text
    case "validator": validator = text
    case "updatesContinuously", "conditionallySetsEnabled", "traced":
      guard text == "true" || text == "false" else { return "\(name) takes true or false, not \(text.echoed)" }
      switch name {
      case "updatesContinuously": updatesContinuously = text == "true"
      case "traced": isTraced = text == "true"
      default: conditionallySetsEnabled = text == "true"
      }
    case "pacing":
      if case .failure(let problem) = DeclaredPacing.read(text) { return "pacing: \(problem.message)" }
      pacing = text
    case "nullPlaceholder": nullPlaceholder = text
    case "noSelectionPlaceholder": noSelectionPlaceholder = text
    case "multipleValuesPlaceholder": multipleValuesPlaceholder = text
    case "notApplicablePlaceholder": notApplicablePlaceholder = text
    default:
      return "unknown field \(name.echoed) (use \(BindingDefinition.fieldNames.joined(separator: ", ")))"
    }
    return nil
  }
}

extension BindingDefinition {
  /// The line and column (from 1) of the value of `field` in the file the definition was read from,
  /// or `nil` for a definition made in code (for front ends that check fields of their own: a
  /// `.ui` file's object ids).
  package func location(of field: String) -> (line: Int, column: Int)? {
    origins[field]?.location(ofCharacter: 0)
  }
}
