extension KeyValueObservable {
  /// Binds a property of this object to a value computed from a source object: one-way, following
  /// every observable property the computation reads (as a tracked observation does).
  ///
  /// ```swift
  /// let binding = summaryLabel.bind(\.text, to: team, computing: { "\($0.members.count) members" })
  /// ```
  ///
  /// - Parameters:
  ///   - property: The target property.
  ///   - source: The object the computation reads; the binding ends when it is deallocated.
  ///   - compute: Computes the value from the source, with tracked reads.
  ///   - name: What the binding's description shows for the source.
  ///   - options: Delivery and the other options; the direction is always source to target.
  ///   - file: Where the binding is made, for its description.
  ///   - line: Where the binding is made, for its description.
  @discardableResult
  public func bind<Source: AnyObject, Value>(
    _ property: ReferenceWritableKeyPath<Self, Value>,
    to source: Source,
    computing compute: @escaping (Source) -> Value,
    named name: String = "computed value",
    options: BindingOptions = BindingOptions(),
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> PropertyBinding {
    var oneWay = options
    oneWay.direction = .sourceToTarget
    return BindingFactory.make(
      target: self,
      property,
      source: source,
      SourcePath(text: name, read: compute, write: nil, validate: nil),
      toTarget: { $0 },
      toSource: { $0 },
      isIdentity: true,
      isReversible: false,
      options: oneWay,
      file: file,
      line: line
    )
  }
}
