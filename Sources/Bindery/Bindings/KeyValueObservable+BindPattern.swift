extension KeyValueObservable {
  /// Binds a text property to a pattern filled with several values (Cocoa's displayPatternValue).
  ///
  /// `%{value1}@` is replaced by the first input, `%{value2}@` by the second, and so on; `%%` is a `%`.
  /// The binding is read-only and follows every value it shows, in one tracked evaluation (so the
  /// target is written once per change, and once per transaction).
  ///
  /// ```swift
  /// let book = Book(title: "Notes", author: "Ada Lovelace")
  /// try label.bind(\.text, pattern: "%{value1}@ by %{value2}@", .value(book, \.title), .value(book, \.author))
  /// ```
  ///
  /// - Throws: ``BindingPatternError`` (with the column) for a malformed pattern or a placeholder with no
  ///   input; nothing is bound then.
  @discardableResult
  public func bind(
    _ property: ReferenceWritableKeyPath<Self, String>,
    pattern: String,
    _ inputs: PatternInput...,
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(BindingPatternError) -> PropertyBinding {
    PatternBindingFactory.make(
      target: self, property, pattern: try DisplayPattern(pattern, inputCount: inputs.count), inputs: inputs,
      file: file, line: line
    ) { $0 }
  }

  /// Binds an optional text property to a pattern filled with several values.
  ///
  /// The same as the non-optional form: `%{valueN}@` placeholders, read-only, typed errors.
  @discardableResult
  public func bind(
    _ property: ReferenceWritableKeyPath<Self, String?>,
    pattern: String,
    _ inputs: PatternInput...,
    file: StaticString = #fileID,
    line: UInt = #line
  ) throws(BindingPatternError) -> PropertyBinding {
    PatternBindingFactory.make(
      target: self, property, pattern: try DisplayPattern(pattern, inputCount: inputs.count), inputs: inputs,
      file: file, line: line
    ) { Optional($0) }
  }
}

/// Builds a pattern binding: one tracked evaluation of every input, rendered into the pattern.
enum PatternBindingFactory {
  static func make<Target: KeyValueObservable, TargetValue>(
    target: Target,
    _ targetKeyPath: ReferenceWritableKeyPath<Target, TargetValue>,
    pattern parsed: DisplayPattern,
    inputs: [PatternInput],
    file: StaticString,
    line: UInt,
    convert: @escaping (String) -> TargetValue
  ) -> PropertyBinding {
    let (_, targetReads) = AccessList.tracking { _ = target[keyPath: targetKeyPath] }
    let targetID =
      targetReads.records.last { $0.subject === target }?.id
      ?? PropertyID(rawValue: UInt64(truncatingIfNeeded: targetKeyPath.hashValue))
    targetReads.recycle()
    let first = inputs.first
    let binding = PropertyBinding(
      source: first?.source ?? target,
      sourceKeyPath: first?.keyPath ?? targetKeyPath,
      target: target,
      targetKeyPath: targetKeyPath,
      targetPropertyID: targetID,
      options: BindingOptions(direction: .sourceToTarget),
      file: file,
      line: line
    )
    binding.setDirection(.sourceToTarget)
    target.keyValueRegistrar.addBinding(binding)
    let write: (String) -> Void = { [weak target] text in
      guard let target, !binding.isUnbound else { return }
      target[keyPath: targetKeyPath] = convert(text)
    }
    let readers = inputs.map(\.read)
    let observer = ValueObserver<String>(
      evaluate: { parsed.render(readers.map { $0() ?? "" }) },
      root: nil,
      deliver: { _, text, kind in
        if kind == .change { write(text) }
      }
    )
    binding.attach(observer, reverse: false)
    if let text = observer.start(initial: false) { write(text) }
    return binding
  }
}
