public import Bindery

/// A binding expression parsed and checked against the types of its source (and root), ready
/// to evaluate.
///
/// Every key is resolved and every operator checked when the expression is compiled, so an
/// expression that compiles does not fail later.
///
/// ```swift
/// let enabled = try CompiledExpression("person !== null && !isSaving", data: PersonController.self)
/// enabled.valueType                                   // Bool
/// enabled.evaluate(in: ExpressionScope(data: controller)) as? Bool
/// ```
public struct CompiledExpression: @unchecked Sendable {
  /// The attributes a binding understands: placeholders, a transformer by name, and options.
  public static let knownAttributes = [
    "nullPlaceholder", "notApplicablePlaceholder", "multipleValuesPlaceholder", "noSelectionPlaceholder",
    "transformer", "formatter", "numberFormatter", "dateFormatter", "measurementFormatter", "editingTransformer",
    "editingFormatter",
    "updatesContinuously", "conditionallySetsEnabled", "traced", "direction", "validator", "combining", "delivery",
    "pacing",
  ]

  /// The text.
  public let source: String
  /// The syntax.
  public let syntax: BindingExpressionSyntax
  /// The names of the parameters the expression may use (`value` for `$value`), in order.
  public let parameterNames: [String]
  let parameterTypes: [Any.Type]
  /// What the expression prepares from its parameters' values (``parameters(_:)``).
  let preparers: [([Any?]) -> Any?]
  let node: CompiledNode?
  let compiler: ExpressionCompiler

  /// Parses and checks `source` against `data` (the type of `$data.`), `root` (the type of `$root.`),
  /// `section` (the type of `$section.`, in a row or header of a sectioned list) and `parameters`
  /// (the type of each parameter, `$value` for `"value"`, whose values ``parameters(_:)`` gives).
  ///
  /// - Throws: ``ExpressionError`` with the line and column of the first problem.
  public init(
    _ source: String,
    data: any KeyValueCoding.Type,
    root: (any KeyValueCoding.Type)? = nil,
    section: (any KeyValueCoding.Type)? = nil,
    parameters: [String: Any.Type] = [:]
  ) throws(ExpressionError) {
    self.source = source
    self.syntax = try ExpressionParser.parse(source)
    let declared = parameters.sorted { $0.key < $1.key }
    parameterNames = declared.map(\.key)
    parameterTypes = declared.map(\.value)
    let preparations = ParameterPreparations()
    let compiler = ExpressionCompiler(
      source: source, dataType: data, rootType: root, sectionType: section, parameterNames: parameterNames,
      parameterTypes: parameterTypes, preparations: preparations)
    self.compiler = compiler
    if let primary = syntax.primary {
      self.node = try compiler.compile(primary)
    } else {
      self.node = nil
    }
    preparers = preparations.preparers
  }

  /// The expression `source` compiled (or cached) for the types of the objects a binding reads it
  /// from: its data, and the root and section it may name.
  static func cached(
    _ source: String,
    reading data: any KeyValueCoding,
    root: (any KeyValueCoding)?,
    section: (any KeyValueCoding)?
  ) throws(ExpressionError) -> CompiledExpression {
    try cached(source, data: type(of: data), root: root.map { type(of: $0) }, section: section.map { type(of: $0) })
  }

  /// The expression `source` compiled for these types (and parameters), from a cache shared by every binding (a list's
  /// rows and a spec's fields bind the same expressions many times).
  ///
  /// - Throws: ``ExpressionError``.
  public static func cached(
    _ source: String,
    data: any KeyValueCoding.Type,
    root: (any KeyValueCoding.Type)? = nil,
    section: (any KeyValueCoding.Type)? = nil,
    parameters: [String: Any.Type] = [:]
  ) throws(ExpressionError) -> CompiledExpression {
    // Long texts are compiled each time: the cache holds only what bindings repeat.
    guard source.utf8.count <= maximumCachedLength else {
      return try CompiledExpression(source, data: data, root: root, section: section, parameters: parameters)
    }
    let key = CacheKey(
      source: source, data: ObjectIdentifier(data), root: root.map(ObjectIdentifier.init),
      section: section.map(ObjectIdentifier.init),
      parameters: parameters.mapValues { ObjectIdentifier($0) }, types: ExpressionTypeRegistry.shared.generation)
    if let hit = cache.withLock({ $0[key] }) { return hit }
    let compiled = try CompiledExpression(source, data: data, root: root, section: section, parameters: parameters)
    cache.withLock { table in
      if table.count >= 4096 { table.removeAll(keepingCapacity: true) }
      table[key] = compiled
    }
    return compiled
  }

  /// The longest text, in UTF-8 bytes, that the cache keeps.
  private static let maximumCachedLength = 4096

  private struct CacheKey: Hashable {
    let source: String
    let data: ObjectIdentifier
    let root: ObjectIdentifier?
    let section: ObjectIdentifier?
    let parameters: [String: ObjectIdentifier]
    /// The registrations of named types so far (a name registered later may change what compiles).
    let types: Int
  }

  private static let cache = SharedLock<[CacheKey: CompiledExpression]>([:])

  /// The type of the values the primary expression computes (`Optional` when it may be `nil`); `nil`
  /// when the expression has attributes only.
  public var valueType: Any.Type? { node?.type }

  /// Whether a value can be written back: a key path that can be written, or `!` of one.
  public var isTwoWay: Bool {
    switch node?.form {
    case .keyPath(_, let path)?: path.isWritable
    case .negatedKeyPath(_, let path)?: path.isWritable && same(baseType(path.valueType), Bool.self)
    case nil: false
    }
  }

  /// Evaluates the primary expression (`nil` for `null`, a `nil` value, or a path that does not
  /// resolve). Reads are tracked, so an evaluation inside an observation follows what it read.
  public func evaluate(in scope: ExpressionScope) -> Any? {
    node?.evaluate(scope)
  }
}
