package import Bindery

/// A Boolean expression made ready for many objects with the same parameters: given the parameters'
/// values once, a test of each source object (`$data`) that reads its property with the property's
/// getter, makes no ``ExpressionScope`` and boxes no value. A search field filters every row of a
/// table with one on each keystroke.
///
/// Compiled for the forms a search template takes: a string match (`contains`, `beginswith`,
/// `endswith`, `like`, with `[c]`, `[d]`, `[cd]`) of one `String` property of the source with a
/// constant or a parameter (`name contains[cd] $value`), and `&&` or `||` chains of those
/// (`firstName contains[cd] $value || lastName contains[cd] $value`). It answers as
/// ``CompiledExpression/evaluate(in:)`` does, and tracks the same reads.
typealias BoundTest = (ExpressionParameters?) -> (AnyObject) -> Bool

extension ExpressionCompiler {
  /// The bound test of a chain of one string match, or of `&&` or `||` operands that each have one;
  /// `nil` for other chains.
  func boundTest(_ first: CompiledNode, _ rights: [CompiledNode], _ operations: [BinaryOperation]) -> BoundTest? {
    if operations.count == 1, operations[0].operator.isStringMatch, let right = rights.first {
      return boundStringMatch(operations[0], first, right)
    }
    let isAnd = operations.allSatisfy { $0.operator == .and }
    guard isAnd || operations.allSatisfy({ $0.operator == .or }), let firstTest = first.boundTest else { return nil }
    var tests = [firstTest]
    for right in rights {
      guard let test = right.boundTest else { return nil }
      tests.append(test)
    }
    return { parameters in
      let bound = tests.map { $0(parameters) }
      // `&&` stops at the first false operand, `||` at the first true one, as evaluation does.
      return { object in
        for test in bound where test(object) != isAnd { return !isAnd }
        return isAnd
      }
    }
  }

  /// `key contains[cd] $value` and its kin, when the key is one `String` property of the source
  /// with a getter and the right operand a constant or a parameter.
  private func boundStringMatch(_ operation: BinaryOperation, _ lhs: CompiledNode, _ rhs: CompiledNode) -> BoundTest? {
    let op = operation.operator
    guard op != .matches, case .keyPath(.data, let path)? = lhs.form, let read = Self.stringRead(path) else {
      return nil
    }
    let fold = StringFold(operation.options)
    let test: (String) -> (AnyObject) -> Bool = { right in
      if op == .like {
        let pattern = LikePattern(fold.apply(right))
        return { object in read(object).map { pattern.matches(fold.apply($0)) } ?? false }
      }
      return Self.textTest(op, read, fold, folded: fold.apply(right))
    }
    if let parameter = rhs.parameter {
      return { parameters in
        guard let text = ExpressionValues.unwrap(parameters?.value(at: parameter)) as? String else {
          return { _ in false }
        }
        return test(text)
      }
    }
    guard let constant = rhs.constant as? String else { return nil }
    let constantTest = test(constant)
    return { _ in constantTest }
  }

  /// The property's getter, as an optional string.
  private static func stringRead(_ path: KeyValuePath) -> ((AnyObject) -> String?)? {
    if let read = path.directRead(as: String.self) { return { read($0) } }
    return path.directRead(as: String?.self)
  }

  /// `contains`, `beginswith` or `endswith` of the value `read` gives, folded, with `folded`: by
  /// bytes when it can (``ASCIIFoldedMatch``), else the folded strings.
  private static func textTest(
    _ op: BinaryOperator, _ read: @escaping (AnyObject) -> String?, _ fold: StringFold, folded right: String
  ) -> (AnyObject) -> Bool {
    let kind: ASCIIFoldedMatch.Kind =
      switch op {
      case .beginsWith: .beginsWith
      case .endsWith: .endsWith
      default: .contains
      }
    let pattern = ASCIIFoldedMatch.Pattern(right)
    return { object in
      guard let left = read(object) else { return false }
      if let answer = pattern.matches(kind, left, fold: fold) { return answer }
      let text = fold.apply(left)
      switch kind {
      // The empty string is part of every string (the standard library's `contains` says no).
      case .contains: return right.isEmpty || text.contains(right)
      case .beginsWith: return text.hasPrefix(right)
      case .endsWith: return text.hasSuffix(right)
      }
    }
  }
}

extension CompiledExpression {
  /// A test of source objects with `parameters`, made once for all of them, when the expression has
  /// a form that can be tested without an ``ExpressionScope`` (``BoundTest``); `nil` otherwise,
  /// when each object is evaluated in a scope of its own.
  package func boundTest(parameters: ExpressionParameters?) -> ((any KeyValueCoding) -> Bool)? {
    guard let bound = node?.boundTest else { return nil }
    let test = bound(parameters)
    return { test($0) }
  }
}
