public import Bindery

/// A model whose values the database checks before a binding writes them: a value a constraint
/// refuses (`CHECK`, `UNIQUE`, `NOT NULL`) shows at the field as a validation error, and the model
/// and the database keep the old value.
///
/// Conform, and that is all; a model with rules of its own calls ``validateInStore(_:for:)`` after
/// them:
///
/// ```swift
/// extension Person: StoreValidating {
///   func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
///     if keyPath == \Person.age, let age = value as? Int, age < 0 { throw AgeError.negative }
///     try validateInStore(value, for: keyPath)
///   }
/// }
/// ```
public protocol StoreValidating: KeyValueValidating {}

extension StoreValidating {
  /// Asks the database that keeps this object.
  public func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
    try validateInStore(value, for: keyPath)
  }

  /// Asks the database that keeps this object (through ``StoredContent``) whether it would take
  /// `value` for the property at `keyPath`, writing nothing; throws its ``StoreError``. An object no
  /// content keeps, or a property with no column, passes.
  public func validateInStore(_ value: Any?, for keyPath: AnyKeyPath) throws {
    try StoreValidation.validate(value, for: keyPath, of: ObjectIdentifier(self))
  }
}

/// Which stored content keeps each object, for ``StoreValidating``.
enum StoreValidation {
  typealias Check = @Sendable (Any?, AnyKeyPath, ObjectIdentifier) throws -> Void

  private static let checks = Locked<[ObjectIdentifier: Check]>([:])

  /// Remembers how to check values of the objects `ids`.
  static func remember(_ ids: [ObjectIdentifier], _ check: @escaping Check) {
    checks.withLock { checks in for id in ids { checks[id] = check } }
  }

  /// Forgets the objects `ids`.
  static func forget(_ ids: [ObjectIdentifier]) {
    guard !ids.isEmpty else { return }
    checks.withLock { checks in for id in ids { checks[id] = nil } }
  }

  /// Checks `value` with the content that keeps the object `id`, outside the lock.
  static func validate(_ value: Any?, for keyPath: AnyKeyPath, of id: ObjectIdentifier) throws {
    guard let check = checks.withLock({ $0[id] }) else { return }
    try check(value, keyPath, id)
  }
}
