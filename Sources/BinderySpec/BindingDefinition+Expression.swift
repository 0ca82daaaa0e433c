import Bindery
import BinderyExpressions

/// A definition as the binding expression that means the same (its source key path with its options
/// as attributes), so it binds through the spec files' typed path, and where each field's value is in
/// the expression, to report a problem at the field.
struct BindingDefinitionExpression {
  /// The expression: `sourceKeyPath { transformer: "Name", updatesContinuously: false, … }`.
  private(set) var text: String
  /// Where each field's value is in the expression (characters from 0), and whether it is quoted (a
  /// problem inside a quoted value is reported at the value's start).
  private var fields: [(name: String, start: Int, end: Int, quoted: Bool)] = []

  /// The expression of `definition`, for a target property of type `valueType`: a placeholder is
  /// text for a text property, and for any other a constant of the property's type (`true`, `0`,
  /// `.none`) when it reads as one.
  init(_ definition: BindingDefinition, valueType: Any.Type) {
    let isText = ObjectIdentifier(RuntimeTypes.baseType(valueType)) == ObjectIdentifier(String.self)
    text = definition.sourceKeyPath
    fields.append(("sourceKeyPath", 0, text.count, false))
    var attributes: [String] = []
    var offset = text.count + 3  // after "path { "
    func add(_ field: String, value: String, quoted: Bool) {
      let prefix = field + ": "
      let start = offset + prefix.count
      fields.append((field, start, start + value.count, quoted))
      attributes.append(prefix + value)
      offset += prefix.count + value.count + 2  // ", "
    }
    if let direction = definition.direction { add("direction", value: "." + direction.fileName, quoted: false) }
    if let value = definition.transformer {
      add("transformer", value: ExpressionSyntax.stringLiteral(value), quoted: true)
    }
    for name in BindingDefinition.settingsFieldNames {
      guard let settings = definition.settings(ofField: name) else { continue }
      // `numberFormatter: { locale: "de_DE", … }`: each setting located at its own value.
      fields.append((name, offset, offset + name.count, true))
      var items: [String] = []
      var itemOffset = offset + name.count + 4  // after "name: { "
      for (setting, value) in settings.sorted(by: { $0.key < $1.key }) {
        let item = setting + ": " + Self.constant(value)
        fields.append((name + "." + setting, itemOffset, itemOffset + item.count, true))
        items.append(item)
        itemOffset += item.count + 2
      }
      let value = items.isEmpty ? "{}" : "{ " + items.joined(separator: ", ") + " }"
      attributes.append(name + ": " + value)
      offset += name.count + 2 + value.count + 2
    }
    for name in ["editingTransformer", "validator"] {
      if let value = definition.text(ofField: name) {
        add(name, value: ExpressionSyntax.stringLiteral(value), quoted: true)
      }
    }
    for name in BindingDefinition.flagFieldNames {
      if let value = definition.text(ofField: name) { add(name, value: value, quoted: false) }
    }
    if let pacing = definition.pacing { add("pacing", value: ExpressionSyntax.stringLiteral(pacing), quoted: true) }
    for name in BindingDefinition.placeholderFieldNames {
      guard let value = definition.text(ofField: name) else { continue }
      let constant = isText ? ExpressionSyntax.stringLiteral(value) : Self.placeholderConstant(value)
      add(name, value: constant, quoted: true)
    }
    if !attributes.isEmpty { text += " { " + attributes.joined(separator: ", ") + " }" }
  }

  /// The field at the character `offset` of the expression, and the character of its value there.
  func field(at offset: Int) -> (name: String, character: Int) {
    guard let field = fields.last(where: { $0.start <= offset }), offset <= field.end else {
      return ("sourceKeyPath", 0)
    }
    return (field.name, field.quoted ? 0 : offset - field.start)
  }

  /// A placeholder's text as a constant of a property that is not text: `true`, `false`, numbers and
  /// a case's name (`.none`) as they are, anything else a string (which the property then refuses).
  static func placeholderConstant(_ text: String) -> String {
    if text.first == ".", text.count > 1, BindingDefinition.isSettingName(String(text.dropFirst())) { return text }
    if text.first == "-", text.count > 1 {
      let magnitude = constant(String(text.dropFirst()))
      if magnitude == String(text.dropFirst()) { return text }
    }
    return constant(text)
  }

  /// A setting's text as a constant: `true`, `false` and numbers as they are, anything else a string
  /// (a factory takes a case's name, `currency`, as it takes `.currency`).
  static func constant(_ text: String) -> String {
    if text == "true" || text == "false" { return text }
    let isNumber =
      text.first?.isASCII == true && text.first?.isNumber == true
      && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } && text.filter { $0 == "." }.count <= 1
      && text.last != "."
    return isNumber ? text : ExpressionSyntax.stringLiteral(text)
  }
}
