import Bindery
import BinderyExpressions

/// A binding's transformer given beside its expression, as JSKit's specs give it:
///
/// ```yaml
/// enabled: {to: /ViewController, value: person, valueTransformer: JSIsNotNullValueTransformer}
/// ```
///
/// `transformer:` and JSKit's `valueTransformer:` are the same option, the expression's
/// `transformer` attribute: the name is looked up in the registry (JSKit's names of the standard
/// transformers are accepted as they are) and the binding is made as if the expression had written
/// `person { transformer: "JSIsNotNullValueTransformer" }`.
struct SpecBindingTransformer {
  /// The mapping's names of the option: ours, and JSKit's.
  static let fieldNames = ["transformer", "valueTransformer"]

  /// The name given.
  let name: String
  /// Where it is given (the value), where problems with it are reported.
  let node: YAMLNode
  /// How many characters the expression had before the transformer was added to it: a problem past
  /// them is a problem of the transformer.
  private(set) var expressionLength = 0

  init(name: String, node: YAMLNode) {
    self.name = name
    self.node = node
  }

  /// `expression` with the transformer as its `transformer` attribute, added after its own
  /// attributes (so every character of `expression` keeps its place); throws when `expression`
  /// already names a transformer.
  mutating func adding(to expression: String) throws(ExpressionError) -> String {
    let syntax = try ExpressionParser.parse(expression)
    if let given = syntax.attribute(named: "transformer") {
      throw ExpressionError(
        "the transformer is given twice: in the expression and beside it", at: given.location, in: expression,
        kind: .attribute)
    }
    expressionLength = expression.count
    let attribute = "transformer: " + ExpressionSyntax.stringLiteral(name)
    guard !syntax.attributes.isEmpty, let close = expression.lastIndex(of: "}") else {
      return expression + " { " + attribute + " }"
    }
    let head = expression[..<close]
    let last = head.last(where: { !$0.isWhitespace })
    let separator = last == "," || last == "{" ? " " : ", "
    return String(head) + separator + attribute + " " + String(expression[close...])
  }

  /// Whether a problem at the character `offset` of the expression made by ``adding(to:)`` is in
  /// the added transformer.
  func isAdded(_ offset: Int) -> Bool { offset >= expressionLength }
}

extension SpecLoader {
  /// Checks a transformer given beside an expression (`transformer:` or `valueTransformer:`): a name
  /// the registry has. Reports what is wrong and returns `nil`.
  mutating func besideTransformer(_ node: YAMLNode) -> SpecBindingTransformer? {
    guard let name = node.scalarText, !name.isEmpty else {
      errors.append(source.error(.structure, "a transformer is given by its name", at: node))
      return nil
    }
    guard transformers.transformer(named: name) != nil else {
      errors.append(
        source.error(
          .unknownTransformer,
          "no transformer is registered as \(name.echoed) (registered: \(transformers.names.joined(separator: ", ")))",
          at: node))
      return nil
    }
    return SpecBindingTransformer(name: name, node: node)
  }

  /// Reports a problem of an expression made by adding `transformer` to the one at `node`: at its
  /// place in the expression, or at the transformer when it is the transformer's.
  mutating func reportExpressionError(
    _ error: ExpressionError, at node: YAMLNode, transformer: SpecBindingTransformer?
  ) {
    let message = error.message.shortenedMessage
    if let transformer, transformer.isAdded(error.location.offset) {
      errors.append(source.error(.expression, message, at: transformer.node))
    } else {
      errors.append(source.error(.expression, message, in: node, offset: error.location.offset))
    }
  }
}
