public import Bindery

/// The values of an expression's parameters (`$value`), made once for many evaluations: a search
/// field makes them on each keystroke and filters every row with them.
///
/// A parameter is named, with its type, when the expression is compiled, and checked there like a
/// key; its value is given here, as a value and never as expression text, so a quote or a `$` in it
/// is just a character. What a constant operand would be prepared once for (the folded string of
/// `contains[cd] $value`, the pattern of `like $value`) is prepared here, once per set of values.
///
/// ```swift
/// let template = try CompiledExpression("name contains[cd] $value", data: Person.self, parameters: ["value": String.self])
/// let values = try template.parameters(["value": "ada"])
/// template.evaluate(in: ExpressionScope(data: person, parameters: values)) as? Bool
/// ```
public struct ExpressionParameters {
  /// The values, in the order of the compiled expression's ``CompiledExpression/parameterNames``.
  let values: [Any?]
  /// What the expression prepared from the values, by the index its compiler gave each preparation.
  let prepared: [Any?]

  /// The value of the parameter at `index` of the expression's ``CompiledExpression/parameterNames``.
  func value(at index: Int) -> Any? {
    values.indices.contains(index) ? values[index] : nil
  }

  /// The preparation at `index`, `nil` when these values were made for another expression.
  func preparation(at index: Int) -> Any? {
    prepared.indices.contains(index) ? prepared[index] : nil
  }
}

/// What an expression prepares from its parameters' values before it is evaluated with them, in the
/// order its compiler asked for them; shared by the compiler's copies while it compiles.
final class ParameterPreparations {
  private(set) var preparers: [([Any?]) -> Any?] = []

  /// Adds `prepare` (given the values in the order of the parameters' names); returns its index.
  func add(_ prepare: @escaping ([Any?]) -> Any?) -> Int {
    preparers.append(prepare)
    return preparers.count - 1
  }
}

extension CompiledExpression {
  /// The values of this expression's parameters, checked against their declared types, with what
  /// the expression prepares from them; a parameter not given is `nil` (a string match with it is false).
  ///
  /// - Throws: ``ExpressionError`` of kind `.key` for a name that is not a parameter of the expression,
  ///   of kind `.type` for a value of another type than declared.
  public func parameters(_ given: [String: Any]) throws(ExpressionError) -> ExpressionParameters {
    var values = [Any?](repeating: nil, count: parameterNames.count)
    for (name, value) in given {
      guard let index = parameterNames.firstIndex(of: name) else {
        throw ExpressionError(
          "$\(name.shortened) is not a parameter of this expression", at: .start, in: source, kind: .key)
      }
      let declared = baseType(parameterTypes[index])
      guard same(declared, Any.self) || same(type(of: value), declared) else {
        throw ExpressionError(
          "$\(name.shortened) is a \(typeName(declared)), not a \(typeName(type(of: value)))", at: .start, in: source,
          kind: .type)
      }
      values[index] = value
    }
    return ExpressionParameters(values: values, prepared: preparers.map { $0(values) })
  }
}
