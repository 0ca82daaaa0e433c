import Bindery

extension BindingDefinition {
  /// The fields of a definition file, in the order they are written.
  static let fieldNames = [
    "source", "sourceKeyPath", "target", "targetKeyPath", "direction", "transformer", "editingTransformer",
    "validator", "updatesContinuously", "conditionallySetsEnabled", "nullPlaceholder", "noSelectionPlaceholder",
    "multipleValuesPlaceholder", "notApplicablePlaceholder",
  ]
  /// The fields every binding has.
  static let requiredFieldNames = ["source", "sourceKeyPath", "target", "targetKeyPath"]
  /// The fields that take `true` or `false`.
  static let flagFieldNames = ["updatesContinuously", "conditionallySetsEnabled"]
  /// The fields that give a placeholder, by the names of the expression attributes.
  static let placeholderFieldNames = [
    "nullPlaceholder", "noSelectionPlaceholder", "multipleValuesPlaceholder", "notApplicablePlaceholder",
  ]

  /// The fields that are set, with their text, in the order of ``fieldNames``.
  var fileFields: [(name: String, text: String)] {
    BindingDefinition.fieldNames.compactMap { name in text(ofField: name).map { (name, $0) } }
  }

  /// The text of the field `name`, `nil` when it is not set.
  func text(ofField name: String) -> String? {
    switch name {
    case "source": source
    case "sourceKeyPath": sourceKeyPath
    case "target": target
    case "targetKeyPath": targetKeyPath
    case "direction": direction?.fileName
    case "transformer": transformer
    case "editingTransformer": editingTransformer
    case "validator": validator
    case "updatesContinuously": updatesContinuously.map { $0 ? "true" : "false" }
    case "conditionallySetsEnabled": conditionallySetsEnabled.map { $0 ? "true" : "false" }
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
    switch name {
    case "source": source = text
    case "sourceKeyPath": sourceKeyPath = text
    case "target": target = text
    case "targetKeyPath": targetKeyPath = text
    case "direction":
      guard let named = BindingDirection(fileName: text) else {
        return "unknown direction \(text.echoed) (use both, sourceToTarget, targetToSource)"
      }
      direction = named
    case "transformer": transformer = text
    case "editingTransformer": editingTransformer = text
    case "validator": validator = text
    case "updatesContinuously", "conditionallySetsEnabled":
      guard text == "true" || text == "false" else { return "\(name) takes true or false, not \(text.echoed)" }
      if name == "updatesContinuously" {
        updatesContinuously = text == "true"
      } else {
        conditionallySetsEnabled = text == "true"
      }
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
