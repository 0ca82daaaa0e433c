extension UserEditing {
  /// Reports that a change the model took could not be kept: a save the database refused or could
  /// not write (a full disk, a locked or read-only file, a server that is down), an Add, Remove,
  /// Undo or Redo that failed.
  ///
  /// Whoever is applying a user's edit or action on this thread with ``collectingFailures(_:)``
  /// hears of it, so the user is told at the control (a web page gets an `error` instead of the
  /// edit's acknowledgement); with nobody collecting, the report does nothing. Model-side code
  /// (store-backed content) calls it after it has put the model back as it was.
  public static func reportFailure(_ error: any Error) {
    guard let context = BindingThreadContext.existing(), context.collectedFailures != nil else { return }
    context.collectedFailures?.append(error)
  }

  /// Runs `body` (applying a user's edit or action) and returns the failures reported on this thread
  /// while it ran, in order: empty when everything it changed was kept.
  ///
  /// ```swift
  /// let failures = UserEditing.collectingFailures { field.userDidEdit(text: "Ada") }
  /// if let failure = failures.first { showError(failure) }  // the database did not take it
  /// ```
  public static func collectingFailures(_ body: () throws -> Void) rethrows -> [any Error] {
    let context = BindingThreadContext.current
    let outer = context.collectedFailures
    context.collectedFailures = []
    defer {
      // An outer collector hears of them too.
      if let outer {
        context.collectedFailures = outer + (context.collectedFailures ?? [])
      } else {
        context.collectedFailures = nil
      }
    }
    try body()
    return context.collectedFailures ?? []
  }
}
