import Bindery
import BinderyExpressions

extension BindingExpressionSyntax {
  /// Where the expression reads `$section.` (in its primary expression or its attributes), if it
  /// does: what a binding outside the header or rows of a list of sections may not do.
  var sectionUse: TextPosition? {
    if let primary, let found = primary.sectionUse { return found }
    for attribute in attributes {
      if let found = attribute.value?.sectionUse { return found }
    }
    return nil
  }
}

extension ExpressionSyntax {
  /// Where this expression, or one inside it, reads `$section.`. It recurses once per level of the
  /// syntax tree, which the parser bounds.
  fileprivate var sectionUse: TextPosition? {
    switch self {
    case .keyPath(.section, _, let location): return location
    case .not(let operand, _), .negate(let operand, _), .length(let operand, _): return operand.sectionUse
    case .chain(let first, let operations):
      return first.sectionUse ?? operations.lazy.compactMap(\.operand.sectionUse).first
    case .array(let elements, _): return elements.lazy.compactMap(\.sectionUse).first
    case .structure(_, let parameters, _): return parameters.lazy.compactMap(\.value?.sectionUse).first
    default: return nil
    }
  }
}
