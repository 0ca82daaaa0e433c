/// Which rows a store-backed controller fetches (Cocoa's fetch predicate), on the model's typed
/// properties; the store turns it into SQL, with the values as parameters.
///
/// ```swift
/// let adults: StoreFilter<Person> = .greaterOrEqual(\.age, 18) && !.equal(\.lastName, "")
/// ```
public struct StoreFilter<Model: AnyObject>: @unchecked Sendable {
  /// The filter before its properties are named as columns.
  indirect enum Node {
    case compare(AnyKeyPath, StoreComparison, StoreValue)
    case contains(AnyKeyPath, String)
    case isNull(AnyKeyPath)
    case all([Node])
    case any([Node])
    case not(Node)
  }

  let node: Node

  /// Rows whose property equals `value`.
  public static func equal<Value: StoreColumnValue>(_ keyPath: KeyPath<Model, Value>, _ value: Value) -> Self {
    Self(node: .compare(keyPath, .equal, value.storeValue))
  }

  /// Rows whose property differs from `value`.
  public static func notEqual<Value: StoreColumnValue>(_ keyPath: KeyPath<Model, Value>, _ value: Value) -> Self {
    Self(node: .compare(keyPath, .notEqual, value.storeValue))
  }

  /// Rows whose property is less than `value`.
  public static func less<Value: StoreColumnValue & Comparable>(_ keyPath: KeyPath<Model, Value>, _ value: Value)
    -> Self
  {
    Self(node: .compare(keyPath, .less, value.storeValue))
  }

  /// Rows whose property is at most `value`.
  public static func lessOrEqual<Value: StoreColumnValue & Comparable>(
    _ keyPath: KeyPath<Model, Value>, _ value: Value
  ) -> Self {
    Self(node: .compare(keyPath, .lessOrEqual, value.storeValue))
  }

  /// Rows whose property is greater than `value`.
  public static func greater<Value: StoreColumnValue & Comparable>(_ keyPath: KeyPath<Model, Value>, _ value: Value)
    -> Self
  {
    Self(node: .compare(keyPath, .greater, value.storeValue))
  }

  /// Rows whose property is at least `value`.
  public static func greaterOrEqual<Value: StoreColumnValue & Comparable>(
    _ keyPath: KeyPath<Model, Value>, _ value: Value
  ) -> Self {
    Self(node: .compare(keyPath, .greaterOrEqual, value.storeValue))
  }

  /// Rows whose text contains `text`, in any case for ASCII letters.
  public static func contains(_ keyPath: KeyPath<Model, String>, _ text: String) -> Self {
    Self(node: .contains(keyPath, text))
  }

  /// Rows whose optional property is `nil` (`NULL`).
  public static func isNull<Value: StoreColumnValue>(_ keyPath: KeyPath<Model, Value?>) -> Self {
    Self(node: .isNull(keyPath))
  }

  /// Rows that pass both filters.
  public static func && (lhs: Self, rhs: Self) -> Self { Self(node: .all([lhs.node, rhs.node])) }

  /// Rows that pass either filter.
  public static func || (lhs: Self, rhs: Self) -> Self { Self(node: .any([lhs.node, rhs.node])) }

  /// Rows that do not pass the filter.
  public static prefix func ! (filter: Self) -> Self { Self(node: .not(filter.node)) }

  /// The filter on `entity`'s columns; a property with no column is an error.
  func condition(in entity: StoreEntity<Model>) throws(StoreError) -> StoreCondition {
    try Self.condition(node, in: entity)
  }

  private static func condition(_ node: Node, in entity: StoreEntity<Model>) throws(StoreError) -> StoreCondition {
    func column(_ keyPath: AnyKeyPath) throws(StoreError) -> String {
      guard let index = entity.columnIndex(of: keyPath) else {
        throw StoreError(.unknownColumn, "the filter reads \(keyPath), which no column holds", table: entity.table)
      }
      return entity.columns[index].name
    }
    switch node {
    case .compare(let keyPath, let comparison, let value): return .compare(try column(keyPath), comparison, value)
    case .contains(let keyPath, let text): return .contains(try column(keyPath), text)
    case .isNull(let keyPath): return .isNull(try column(keyPath))
    case .all(let nodes):
      var conditions: [StoreCondition] = []
      for node in nodes { conditions.append(try condition(node, in: entity)) }
      return .all(conditions)
    case .any(let nodes):
      var conditions: [StoreCondition] = []
      for node in nodes { conditions.append(try condition(node, in: entity)) }
      return .any(conditions)
    case .not(let node): return .not(try condition(node, in: entity))
    }
  }
}

/// How a filter compares a column with a value.
public enum StoreComparison: String, Sendable, Hashable {
  /// `=`
  case equal = "="
  /// `<>`
  case notEqual = "<>"
  /// `<`
  case less = "<"
  /// `<=`
  case lessOrEqual = "<="
  /// `>`
  case greater = ">"
  /// `>=`
  case greaterOrEqual = ">="
}

/// A fetch condition on named columns, for a store to write as SQL (values go as parameters).
public indirect enum StoreCondition: Sendable, Hashable {
  /// The column compared with a value.
  case compare(String, StoreComparison, StoreValue)
  /// The column's text contains the text, ignoring the case of ASCII letters.
  case contains(String, String)
  /// The column is `NULL`.
  case isNull(String)
  /// Every condition holds (`true` when there is none).
  case all([StoreCondition])
  /// Some condition holds (`false` when there is none).
  case any([StoreCondition])
  /// The condition does not hold.
  case not(StoreCondition)

  /// The condition as SQL, with `?`-style placeholders made by `placeholder` (given the parameter's
  /// 1-based number) and the parameters in order.
  public func sql(placeholder: (Int) -> String, parameters: inout [StoreValue]) -> String {
    switch self {
    case .compare(let column, let comparison, let value):
      if case .null = value {
        return comparison == .notEqual ? "\(column) IS NOT NULL" : comparison == .equal ? "\(column) IS NULL" : "FALSE"
      }
      parameters.append(value)
      return "\(column) \(comparison.rawValue) \(placeholder(parameters.count))"
    case .contains(let column, let text):
      parameters.append(.text("%" + Self.escapingLike(text.lowercased()) + "%"))
      return "LOWER(\(column)) LIKE \(placeholder(parameters.count)) ESCAPE '\\'"
    case .isNull(let column):
      return "\(column) IS NULL"
    case .all(let conditions):
      guard !conditions.isEmpty else { return "TRUE" }
      return "("
        + conditions.map { $0.sql(placeholder: placeholder, parameters: &parameters) }
        .joined(separator: " AND ") + ")"
    case .any(let conditions):
      guard !conditions.isEmpty else { return "FALSE" }
      return "("
        + conditions.map { $0.sql(placeholder: placeholder, parameters: &parameters) }
        .joined(separator: " OR ") + ")"
    case .not(let condition):
      return "NOT (" + condition.sql(placeholder: placeholder, parameters: &parameters) + ")"
    }
  }

  /// `text` with LIKE's wildcards escaped by `\`.
  private static func escapingLike(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
