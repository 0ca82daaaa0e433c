/// Makes the binding of one kind of source to a target property.
package protocol SourceConnector<Value> {
  /// The values the target property takes.
  associatedtype Value

  /// Binds `property` of `target` to this source.
  func connect<Target: KeyValueObservable>(
    _ target: Target,
    _ property: ReferenceWritableKeyPath<Target, Value>,
    _ request: BindingRequest<Value>
  ) -> PropertyBinding
}

/// What a `bind` call asks of a source's binding besides the source itself.
package struct BindingRequest<Value> {
  /// The binding's options.
  package var options: BindingOptions
  /// What the target shows for `nil`, markers and paths that cannot be resolved.
  package var placeholders: BindingPlaceholders<Value>
  /// Checks a value the user entered, before it is converted back.
  package var validation: ((Value) throws -> Void)?
  /// Where the binding is made.
  package var file: StaticString
  /// Where the binding is made.
  package var line: UInt
  /// The source path as written (a string key path bound as a Swift key path), for descriptions.
  package var pathText: String?
}
