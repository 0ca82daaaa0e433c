#if canImport(Testing)
  public import Bindery
  public import Testing

  /// Runs `body`, then records an issue unless every object it tracked has been released.
  ///
  /// Track the model, the controls and anything else the scope makes; the failure names the
  /// types still alive.
  ///
  /// ```swift
  /// expectReleased { tracker in
  ///   let person = tracker.track(Person())
  ///   let field = tracker.track(HeadlessTextField())
  ///   field.bind(\.text, to: person, \.firstName)
  /// }
  /// ```
  public func expectReleased(
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (LifetimeTracker) throws -> Void
  ) rethrows {
    let tracker = LifetimeTracker()
    try body(tracker)
    if let message = tracker.releaseFailure() {
      Issue.record(
        Comment(rawValue: message + (comment.map { " (\($0.rawValue))" } ?? "")), sourceLocation: sourceLocation)
    }
  }

  /// Records an issue unless `object` is the target of exactly `count` live bindings.
  ///
  /// ```swift
  /// field.bind(\.text, to: person, \.firstName)
  /// expectBindings(field, count: 1)
  /// ```
  public func expectBindings(
    _ object: some KeyValueObservable,
    count: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let message = bindingCountMismatch(object, count: count) {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  /// Runs `mutation` and records an issue unless it changed `keyPath` of `target` exactly once, to
  /// `expected`.
  ///
  /// ```swift
  /// expectChangedOnce(label, \.text, to: "Ada Lovelace") { person.firstName = "Ada" }
  /// ```
  public func expectChangedOnce<Target: AnyObject, Value: Equatable>(
    _ target: Target,
    _ keyPath: KeyPath<Target, Value>,
    to expected: Value,
    sourceLocation: SourceLocation = #_sourceLocation,
    when mutation: () throws -> Void
  ) rethrows {
    if let message = try propagationMismatch(of: mutation, to: target, keyPath, expected: expected) {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }
#endif
