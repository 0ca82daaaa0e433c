public import Bindery
import BinderyExpressions

extension ArrayController where Element: KeyValueCoding {
  /// The filters of a search template, compiled once: `expression` is checked now against the
  /// element class (and `root`'s), with `$value` a string; the function returned gives, for the text
  /// a user typed, the filter to set as ``filter`` — `nil` for an empty text, which shows every object.
  ///
  /// The text is the value of `$value`, never expression text: a quote or a `$` in it is just a
  /// character. Each call of the function only prepares the value (its folded form for `[cd]`, its
  /// pattern for `like`); the expression is not parsed or compiled again.
  ///
  /// ```swift
  /// let search = try ArrayController<Person>.searchFilter(expression: "name contains[cd] $value")
  /// people.filter = search("ada")   // Ada, Adam, Adèle…
  /// people.filter = search("")      // everyone
  /// ```
  ///
  /// - Throws: ``ExpressionError`` (with its column) when the expression does not parse, names an
  ///   unknown key or parameter, or is not a Boolean.
  public static func searchFilter(
    expression text: String,
    root: (any KeyValueCoding)? = nil
  ) throws(ExpressionError) -> (String) -> ((Element) -> Bool)? {
    let compiled = try CompiledExpression.cached(
      text, data: Element.self, root: root.map { type(of: $0) }, parameters: ["value": String.self])
    guard let valueType = compiled.valueType, RuntimeTypes.baseType(valueType) == Bool.self else {
      let found = compiled.valueType.map { "a \(RuntimeTypes.readableName($0))" } ?? "nothing"
      throw ExpressionError(
        "a search template must be a Boolean expression; this one is \(found)", at: .start, in: text, kind: .type)
    }
    return { [weak root] value in
      guard !value.isEmpty else { return nil }
      // `$value` is declared a string, so a string is always a value it takes.
      guard let parameters = try? compiled.parameters(["value": value]) else { return { _ in false } }
      // A string match of the element's own property reads it with its getter, with no scope.
      if let test = compiled.boundTest(parameters: parameters) { return { test($0) } }
      return { [weak root] element in
        let scope = ExpressionScope(data: element, root: root, parameters: parameters)
        return RuntimeTypes.unwrapped(compiled.evaluate(in: scope)) as? Bool ?? false
      }
    }
  }
}
