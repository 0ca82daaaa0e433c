import Bindery

/// What `==`, `!=`, `===`, `!==`, `<`, `<=`, `>` and `>=` mean, decided from the types of their
/// operands when the expression is compiled: a comparison that could not mean anything is refused
/// then, with its location, rather than being false forever.
///
/// - `null` equals only `nil`; a `nil` operand (an optional that is `nil`) equals only `nil` and
///   orders with nothing (`<` and the like are false).
/// - Numbers of any integer and floating-point types compare by their exact values; NaN equals
///   nothing and orders with nothing. A number literal compared with a `Float` takes the `Float`'s
///   precision, as in Swift (`ratio == 0.1`); an integer literal must fit the integer type it is
///   compared with.
/// - `.name` is a case of the enumeration on the other side, found by its name (never its raw
///   value) when the expression is compiled.
/// - Other values compare with `Equatable` and order with `Comparable`, both sides of the same type.
/// - Objects that are not `Equatable` compare by identity; `===` and `!==` compare any two objects
///   by identity, and other values as `==` and `!=` do.
/// - Values whose type is known only when they are read (`Any`) compare by those rules at run time,
///   and are equal only when they are of the same type.
extension ExpressionCompiler {
  /// An operand of a comparison: its node, where it is, and how to name it in a message.
  struct Side {
    var node: CompiledNode
    let location: TextPosition
    let describe: () -> String

    var type: Any.Type { node.type }
    var base: Any.Type { baseType(node.type) }
    var isConstant: Bool { node.constant != nil }
  }

  /// The function that compares the values of `lhs` and `rhs` with `op`.
  ///
  /// - Throws: ``ExpressionError`` of kind `.type` when the comparison cannot mean anything, at the
  ///   operator (or at a case name no case has).
  func comparison(_ op: BinaryOperator, _ lhs: Side, _ rhs: Side, at location: TextPosition) throws(ExpressionError)
    -> (Any?, Any?) -> Bool
  {
    let written = (lhs: lhs.type, rhs: rhs.type)
    var lhs = lhs
    var rhs = rhs
    if same(lhs.base, EnumCaseName.self) || same(rhs.base, EnumCaseName.self) {
      guard !(same(lhs.base, EnumCaseName.self) && same(rhs.base, EnumCaseName.self)) else {
        throw error("cannot compare two case names: neither has a type", at: location, .type)
      }
      if same(lhs.base, EnumCaseName.self) {
        try resolveCase(&lhs, against: rhs, at: location)
      } else {
        try resolveCase(&rhs, against: lhs, at: location)
      }
    }
    try adoptLiteral(&lhs, to: rhs)
    try adoptLiteral(&rhs, to: lhs)
    var compare: (Any?, Any?) -> Bool
    switch op {
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      compare = try ordering(op, lhs, rhs, at: location)
    case .equal, .notEqual, .identical, .notIdentical:
      let equal = try equality(identity: op == .identical || op == .notIdentical, lhs, rhs, at: location)
      compare = op == .equal || op == .identical ? equal : { !equal($0, $1) }
    case .and, .or, .contains, .beginsWith, .endsWith, .like, .matches:
      // `&&` and `||` are steps of a chain; string matches are ``stringMatch(_:_:_:)``.
      throw error("\"\(op.rawValue)\" is not a comparison", at: location, .type)
    }
    // A case name or literal compares as the value it was resolved or converted to.
    if !same(lhs.type, written.lhs), let constant = lhs.node.constant {
      let inner = compare
      compare = { _, right in inner(constant, right) }
    }
    if !same(rhs.type, written.rhs), let constant = rhs.node.constant {
      let inner = compare
      compare = { left, _ in inner(left, constant) }
    }
    return compare
  }

  // MARK: Case names

  /// Replaces the case name of `caseSide` with the case of `valueSide`'s enumeration.
  private func resolveCase(_ caseSide: inout Side, against valueSide: Side, at location: TextPosition)
    throws(ExpressionError)
  {
    guard let name = caseSide.node.constant as? EnumCaseName else { return }
    if same(valueSide.base, NullValue.self) {
      throw error(
        "cannot compare \(name) with null: a case name needs a value of an enumeration type", at: location, .type)
    }
    let described = "\(valueSide.describe()) (a \(typeName(valueSide.type))) cannot be compared with a case"
    if same(valueSide.base, Any.self) {
      throw error("\(described): its type is known only when it is read", at: location, .type)
    }
    let cases: EnumerationCases
    do {
      cases = try EnumerationCases.of(valueSide.base)
    } catch {
      throw self.error("\(described): \(error.reason)", at: location, .type)
    }
    guard name.names(valueSide.base) else {
      throw error(
        "\(described): no enumeration is registered as $\(name.typeName ?? "")", at: caseSide.location, .key)
    }
    guard let value = cases.value(named: name.name) else {
      throw error(cases.unknown(name.name), at: caseSide.location, .type)
    }
    caseSide.node = .constant(value, of: valueSide.base)
  }

  // MARK: Literals

  /// Gives a number literal the floating-point type it is compared with (as Swift types a literal:
  /// `ratio == 0.1` with a `Float` ratio compares two `Float`s), and checks that an integer literal
  /// fits the integer type it is compared with.
  private func adoptLiteral(_ literal: inout Side, to other: Side) throws(ExpressionError) {
    guard !other.isConstant else { return }
    let value: Any
    switch literal.node.constant {
    case let integer as Int: value = integer
    case let double as Double: value = double
    default: return
    }
    func refuse() -> ExpressionError {
      error(
        "\(value) does not fit in \(other.describe()), a \(typeName(other.base))", at: literal.location, .type)
    }
    if let integerType = other.base as? any BinaryInteger.Type, let integer = value as? Int {
      func fits<T: BinaryInteger>(_: T.Type) -> Bool { T(exactly: integer) != nil }
      guard fits(integerType) else { throw refuse() }
      return
    }
    guard let floatingType = other.base as? any BinaryFloatingPoint.Type, NumberOrder.isComparableNumber(other.base)
    else { return }
    func converted<F: BinaryFloatingPoint>(_: F.Type) -> (value: Any, isFinite: Bool) {
      let number: F = (value as? Int).map { F($0) } ?? F((value as? Double) ?? 0)
      return (number, number.isFinite)
    }
    let (number, isFinite) = converted(floatingType)
    guard isFinite else { throw refuse() }
    literal.node = .constant(number, of: other.base)
  }

  // MARK: Equality

  /// `==` (or `===` with `identity`): whether two values are the same.
  private func equality(identity: Bool, _ lhs: Side, _ rhs: Side, at location: TextPosition) throws(ExpressionError)
    -> (Any?, Any?) -> Bool
  {
    let a = lhs.base
    let b = rhs.base
    if same(a, NullValue.self) || same(b, NullValue.self) {
      return { ExpressionValues.unwrap($0) == nil && ExpressionValues.unwrap($1) == nil }
    }
    if same(a, Any.self) || same(b, Any.self) {
      if identity { return { ExpressionValues.identical($0, $1) } }
      return { ExpressionValues.equal($0, $1) }
    }
    if NumberOrder.isComparableNumber(a) && NumberOrder.isComparableNumber(b) {
      return { left, right in
        switch (ExpressionValues.unwrap(left), ExpressionValues.unwrap(right)) {
        case (nil, nil): true
        case (let left?, let right?): NumberOrder.of(left, right) == .equal
        default: false
        }
      }
    }
    let areObjects = a is AnyClass && b is AnyClass
    if areObjects && (identity || (same(a, b) && !(a is any Equatable.Type))) {
      return { ExpressionValues.sameObject($0, $1) }
    }
    guard same(a, b) else {
      throw error(
        "cannot compare \(lhs.describe()) (a \(typeName(lhs.type))) with \(rhs.describe()) (a \(typeName(rhs.type)))",
        at: location, .type)
    }
    guard let equatable = a as? any Equatable.Type else {
      throw error(
        "cannot compare \(lhs.describe()) with \(rhs.describe()): \(typeName(a)) is not Equatable", at: location, .type)
    }
    func equal<T: Equatable>(_: T.Type) -> (Any?, Any?) -> Bool {
      { left, right in
        switch (ExpressionValues.unwrap(left), ExpressionValues.unwrap(right)) {
        case (nil, nil): true
        case (let left?, let right?):
          if let left = left as? T, let right = right as? T { left == right } else { false }
        default: false
        }
      }
    }
    return equal(equatable)
  }

  // MARK: Order

  /// `<`, `<=`, `>`, `>=`: two numbers, or two values of one `Comparable` type; `nil` and NaN order
  /// with nothing.
  private func ordering(_ op: BinaryOperator, _ lhs: Side, _ rhs: Side, at location: TextPosition)
    throws(ExpressionError) -> (Any?, Any?) -> Bool
  {
    let accepts: (NumberOrder) -> Bool =
      switch op {
      case .less: { $0 == .less }
      case .lessOrEqual: { $0 == .less || $0 == .equal }
      case .greater: { $0 == .greater }
      default: { $0 == .greater || $0 == .equal }
      }
    let a = lhs.base
    let b = rhs.base
    if NumberOrder.isComparableNumber(a) && NumberOrder.isComparableNumber(b) {
      return { left, right in
        guard let left = ExpressionValues.unwrap(left), let right = ExpressionValues.unwrap(right),
          let order = NumberOrder.of(left, right)
        else { return false }
        return accepts(order)
      }
    }
    if same(a, b), let comparable = a as? any Comparable.Type {
      func order<T: Comparable>(_: T.Type) -> (Any?, Any?) -> Bool {
        { left, right in
          guard let left = ExpressionValues.unwrap(left) as? T, let right = ExpressionValues.unwrap(right) as? T else {
            return false
          }
          let order: NumberOrder =
            left < right ? .less : (right < left ? .greater : (left == right ? .equal : .unordered))
          return accepts(order)
        }
      }
      return order(comparable)
    }
    if same(a, b) && !same(a, NullValue.self) && !same(a, Any.self) {
      throw error(
        "\"\(op.rawValue)\" cannot order \(typeName(a)) values: \(typeName(a)) is not Comparable", at: location, .type)
    }
    throw error(
      "\"\(op.rawValue)\" compares two numbers or two strings, not a \(typeName(lhs.type)) and a \(typeName(rhs.type))",
      at: location, .type)
  }
}
