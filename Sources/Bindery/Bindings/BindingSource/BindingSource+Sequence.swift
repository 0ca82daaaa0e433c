extension BindingSource where Value: Sendable {
  /// The elements of an async sequence, each shown by the target as it arrives (a server's events
  /// driving a label): one way, the target keeping its value until the first element.
  ///
  /// ```swift
  /// statusLabel.bind(\.text, to: .sequence(server.statusMessages), options: BindingOptions(delivery: .mainActor))
  /// ```
  ///
  /// A task consumes the sequence for as long as the binding lasts; each element is written to the
  /// target where the binding's options say (on the consuming task, or on the main actor or an
  /// actor of your choice). When the sequence ends the binding ends, the target keeping the last
  /// element; when it throws, the binding ends too and its delegate hears the error
  /// (``BindingDelegate/binding(_:sourceFailed:)``). Unbinding the binding, or the target going
  /// away, cancels the task.
  public static func sequence<Elements: AsyncSequence & Sendable>(_ elements: Elements) -> Self
  where Elements.Element == Value {
    fed(named: "sequence") { feed in
      let task = Task {
        var failure: (any Error)?
        do {
          for try await element in elements {
            if Task.isCancelled { return }
            feed.send(element)
          }
        } catch {
          failure = error
        }
        guard !Task.isCancelled else { return }
        await feed.finish(failure: failure)
      }
      return { task.cancel() }
    }
  }
}
