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

  init(_ definition: BindingDefinition) {
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
    for name in BindingDefinition.flagFieldNames + BindingDefinition.placeholderFieldNames {
      guard let value = definition.text(ofField: name) else { continue }
      let quoted = BindingDefinition.placeholderFieldNames.contains(name)
      add(name, value: quoted ? ExpressionSyntax.stringLiteral(value) : value, quoted: quoted)
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
