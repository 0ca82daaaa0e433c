extension BindingSource {
  /// A value computed from `source`: one-way, following every observable property the computation
  /// reads, as a tracked observation does.
  ///
  /// ```swift
  /// summaryLabel.bind(\.text, to: .computed(from: team, named: "summary") { "\($0.members.count) members" })
  /// ```
  ///
  /// - Parameters:
  ///   - source: The object the computation reads; the binding ends when it is deallocated.
  ///   - name: What the binding's description shows for the source.
  ///   - compute: Computes the value from the source, with tracked reads.
  public static func computed<Source: AnyObject>(
    from source: Source,
    named name: String = "computed value",
    _ compute: @escaping (Source) -> Value
  ) -> Self {
    Self(
      connector: PathConnector(
        source: source,
        path: SourcePath(text: name, read: compute, write: nil, validate: nil),
        makeToTarget: { _ in { $0 } },
        toSource: { $0 },
        isIdentity: true,
        isReversible: false,
        isReadOnly: true
      )
    )
  }

  /// A value computed from `source`, or `nil` where the property keeps the value it has.
  package static func computed<Source: AnyObject>(
    from source: Source,
    named name: String,
    keepingTargetValue compute: @escaping (Source) -> Value?
  ) -> Self {
    Self(
      connector: PathConnector(
        source: source,
        path: SourcePath(text: name, read: compute, write: nil, validate: nil),
        makeToTarget: { current in { $0 ?? current() } },
        toSource: { $0 },
        isReversible: false,
        isReadOnly: true,
        readsTargetValue: true
      )
    )
  }
}
