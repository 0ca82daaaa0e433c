/// The collection operators of string key paths: `@count`, `@sum`, `@avg`, `@min`, `@max`.
enum CollectionOperator: String, Sendable {
  case count
  case sum
  case avg
  case min
  case max

  /// The type of the result for elements whose key has type `keyType`; `nil` when the operator
  /// cannot combine such values.
  func resultType(for keyType: Any.Type) -> Any.Type? {
    let valueType = RuntimeTypes.wrappedType(keyType) ?? keyType
    switch self {
    case .count: return Int.self
    case .sum: return RuntimeTypes.isNumeric(valueType) ? Double.self : nil
    case .avg: return RuntimeTypes.isNumeric(valueType) ? Double?.self : nil
    case .min, .max: return valueType is any Comparable.Type ? RuntimeTypes.optional(of: valueType) : nil
    }
  }

  /// The result over `elements` (objects), reading `key` of each; `nil` values are skipped.
  func apply(to elements: [Any], key: KeyValueKey) -> Any {
    let values: [Any] = elements.compactMap { element in
      guard let value = element[keyPath: key.keyPath] else { return nil }
      if let optional = value as? any _AnyOptional { return optional._unwrapped }
      return value
    }
    switch self {
    case .count:
      return values.count
    case .sum:
      return values.reduce(0.0) { $0 + (RuntimeTypes.double($1) ?? 0) }
    case .avg:
      guard !values.isEmpty else { return Double?.none as Any }
      return Double?.some(values.reduce(0.0) { $0 + (RuntimeTypes.double($1) ?? 0) } / Double(values.count)) as Any
    case .min, .max:
      var best: (any Comparable)?
      for case let value as any Comparable in values {
        guard let current = best else {
          best = value
          continue
        }
        let isLess = Self.less(value, than: current)
        if self == .min ? isLess : Self.less(current, than: value) { best = value }
      }
      guard let best else { return Self.none(of: key.valueType) }
      return Self.wrap(best)
    }
  }

  static func less(_ lhs: any Comparable, than rhs: any Comparable) -> Bool {
    func compare<T: Comparable>(_ lhs: T) -> Bool {
      guard let rhs = rhs as? T else { return false }
      return lhs < rhs
    }
    return compare(lhs)
  }

  /// `value` as an optional of its own type, the result type of `@min` and `@max`.
  static func wrap(_ value: any Comparable) -> Any {
    func optional<T>(_ value: T) -> Any { T?.some(value) as Any }
    return optional(value)
  }

  /// `nil` of the optional of the key's (unwrapped) type.
  static func none(of keyType: Any.Type) -> Any {
    let valueType = RuntimeTypes.wrappedType(keyType) ?? keyType
    func none<T>(_: T.Type) -> Any { T?.none as Any }
    return none(valueType)
  }
}
