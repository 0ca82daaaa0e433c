@_spi(BinderyInternals) import Bindery

/// What `==`, `!=`, `===`, `!==`, `<`, `<=`, `>` and `>=` mean, checked from the types of their
/// operands when the expression is compiled.
extension ExpressionCompiler {
  /// An operand of a comparison: its node, where it is, and how to name it in a message.
  struct Side {
    var node: CompiledNode
    let location: SourceLocation
    let describe: () -> String

    var type: Any.Type { node.type }
    var base: Any.Type { baseType(node.type) }
  }

  /// The function that compares the values of `lhs` and `rhs` with `op`.
  ///
  /// - Throws: ``ExpressionError`` of kind `.type` when the operands' types do not compare, at the
  ///   operator.
  func comparison(_ op: BinaryOperator, _ lhs: Side, _ rhs: Side, at location: SourceLocation) throws(ExpressionError)
    -> (Any?, Any?) -> Bool
  {
    let a = lhs.base
    let b = rhs.base
    switch op {
    case .equal, .notEqual, .identical, .notIdentical:
      let comparable =
        same(a, NullValue.self) || same(b, NullValue.self) || same(a, Any.self) || same(b, Any.self) || same(a, b)
        || (isNumeric(a) && isNumeric(b)) || same(a, EnumCaseName.self) || same(b, EnumCaseName.self)
      guard comparable else {
        throw error(
          "cannot compare \(lhs.describe()) (a \(typeName(lhs.type))) with \(rhs.describe()) (a \(typeName(rhs.type)))",
          at: location, .type)
      }
      let byIdentity = op == .identical || op == .notIdentical
      let negated = op == .notEqual || op == .notIdentical
      return { left, right in
        let same = byIdentity ? ExpressionValues.identical(left, right) : ExpressionValues.equal(left, right)
        return same != negated
      }
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      guard (isNumeric(a) && isNumeric(b)) || (same(a, String.self) && same(b, String.self)) else {
        throw error(
          "\"\(op.rawValue)\" compares two numbers or two strings, not a \(typeName(lhs.type)) and a \(typeName(rhs.type))",
          at: location, .type)
      }
      let accepts: (Int) -> Bool =
        switch op {
        case .less: { $0 < 0 }
        case .lessOrEqual: { $0 <= 0 }
        case .greater: { $0 > 0 }
        default: { $0 >= 0 }
        }
      return { left, right in
        guard let order = ExpressionValues.order(left, right) else { return false }
        return accepts(order)
      }
    case .and, .or:
      throw error("\"\(op.rawValue)\" is not a comparison", at: location, .type)
    }
  }
}
