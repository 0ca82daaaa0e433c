extension BindingTransformerRegistry {
  /// A check of the values a user enters, registered by name so an expression or a spec file can ask
  /// for it (`person.email { validator: EmailAddress }`): it throws to reject a value.
  public struct Validator: Sendable {
    /// The name it is registered under.
    public let name: String
    /// The type of the values it checks.
    public let valueType: Any.Type
    private let check: @Sendable (Any) throws -> Void

    /// A validator of values of `Value`.
    public init<Value>(name: String, _ check: @escaping @Sendable (Value) throws -> Void) {
      self.name = name
      self.valueType = Value.self
      self.check = { value in
        // A property of type `Value?` gives `nil`, which only a validator of optionals can check.
        guard let value = value as? Value else { return }
        try check(value)
      }
    }

    /// Checks `value`; throws to reject it. A value of another type (or `nil`, for a validator of
    /// non-optional values) passes.
    public func validate(_ value: Any) throws {
      try check(value)
    }
  }

  /// Adds a validator of values of `Value` under `name`, replacing one of the same name.
  ///
  /// ```swift
  /// BindingTransformerRegistry.shared.register(validator: { (text: String) in
  ///   guard text.contains("@") else { throw EmailError.noAt }
  /// }, named: "EmailAddress")
  /// ```
  public func register<Value>(validator: @escaping @Sendable (Value) throws -> Void, named name: String) {
    register(Validator(name: name, validator))
  }

  /// Adds a validator under its name, replacing one of the same name.
  public func register(_ validator: Validator) {
    validators.withLock { $0[validator.name] = validator }
  }

  /// The validator registered under `name`, if any.
  package func validator(named name: String) -> Validator? {
    validators.withLock { $0[name] }
  }

  /// The names validators are registered under, sorted.
  package var validatorNames: [String] { validators.withLock { $0.keys.sorted() } }
}
