public import Bindery
import BinderyExpressions

extension ArrayController where Element: KeyValueCoding {
  /// Arranges only the objects for which `text`, an expression of the expression language, is true:
  /// keys are read on each object (`$data`), `$root.` on `root`. The expression is checked at once
  /// against the element class; an object is filtered again whenever something the expression read
  /// of it changes.
  ///
  /// ```swift
  /// try people.setFilter(expression: "age >= 18 && !isArchived")
  /// try people.setFilter(expression: "$root.showsEveryone || isFavourite", root: viewModel)
  /// ```
  ///
  /// - Throws: ``ExpressionError`` (with its column) when the expression does not parse, names an
  ///   unknown key, or is not a Boolean; the filter is then unchanged.
  public func setFilter(expression text: String, root: (any KeyValueCoding)? = nil) throws(ExpressionError) {
    filter = try Self.filter(expression: text, root: root)
  }

  /// The filter `text` describes, checked against the element class, to set later as ``filter``
  /// (what ``setFilter(expression:root:)`` sets; `root` is held weakly).
  ///
  /// - Throws: ``ExpressionError`` when the expression does not parse, names an unknown key, or is not
  ///   a Boolean.
  public static func filter(
    expression text: String,
    root: (any KeyValueCoding)? = nil
  ) throws(ExpressionError) -> (Element) -> Bool {
    let compiled = try CompiledExpression.cached(text, data: Element.self, root: root.map { type(of: $0) })
    guard let valueType = compiled.valueType, RuntimeTypes.baseType(valueType) == Bool.self else {
      let found = compiled.valueType.map { "a \(RuntimeTypes.readableName($0))" } ?? "nothing"
      throw ExpressionError(
        "a filter must be a Boolean expression; this one is \(found)", at: .start, in: text, kind: .type)
    }
    return { [weak root] element in
      RuntimeTypes.unwrapped(compiled.evaluate(in: ExpressionScope(data: element, root: root))) as? Bool ?? false
    }
  }
}
