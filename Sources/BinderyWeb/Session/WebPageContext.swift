/// What a page's content can ask of the page: work later, on the page's actor, with the changes
/// it makes sent to every tab.
///
/// ```swift
/// saveButton.action = {
///   controller.isSaving = true
///   context.after(.seconds(1)) { controller.isSaving = false }
/// }
/// ```
public struct WebPageContext: Sendable {
  private let host: WeakHost

  init(host: WebPageHost) {
    self.host = WeakHost(host)
  }

  /// Runs `body` after `delay` on the page's actor (where the model and the controls live), then
  /// sends the changes it made to every tab.
  public func after(_ delay: Duration, _ body: @escaping () -> Void) {
    let work = UncheckedWork(body)
    let host = self.host
    Task {
      try? await Task.sleep(for: delay)
      await host.value?.run(work)
    }
  }
}

/// A closure made on the page's actor and run there again later: it never runs anywhere else.
struct UncheckedWork: @unchecked Sendable {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}

/// A weak reference to the page's host, so a page's closures do not keep it alive.
final class WeakHost: Sendable {
  weak let value: WebPageHost?
  init(_ value: WebPageHost) { self.value = value }
}
