import Bindery
import Foundation
public import Logging

/// Logs binding updates, each with its cause, through swift-log at debug level: the changes of the
/// properties a ``TraceFilter`` names, or all.
///
/// ```swift
/// BindingTracer.start(logger: Logger(label: "bindings"), filter: try TraceFilter("HeadlessLabel.text,Person.*"))
/// // debug: HeadlessLabel.text = "Ada Lovelace" ← Person.fullName (made at Editor.spec.yaml:42:5, thread 1)
/// //          ← user edit "Ada" in HeadlessTextField.text → Person.firstName (made at …)
/// ```
///
/// The environment variable `BINDERY_TRACE` (`BINDERY_TRACE=HeadlessLabel.text,Person.*`) starts a
/// trace with ``startFromEnvironment(logger:)``; a malformed filter is reported once, as a warning, and
/// nothing is traced. Tracing switches diagnostics' recording on (causes are recorded), from then on:
/// bindings made before are not traced.
public enum BindingTracer {
  /// Logs every recorded change that `filter` matches (all when `nil`), and every change of a binding
  /// made with `BindingOptions.isTraced`, to `logger` at debug level, and switches recording on
  /// (unless `filter` is ``TraceFilter/tracedBindings``: then only those bindings record).
  public static func start(logger: Logger, filter: TraceFilter? = nil) {
    if filter != .tracedBindings { BindingDiagnostics.isRecording = true }
    BindingDiagnostics.changeHandler = { cause in
      if !cause.isTraced, let filter, !filter.matches(cause.property), !filter.matches(cause.from) { return }
      logger.debug(
        "\(cause.description)",
        metadata: [
          "property": "\(cause.property)", "value": "\(cause.value)", "thread": "\(cause.thread)",
          "location": "\(cause.location)",
        ])
    }
  }

  /// Starts a trace if `BINDERY_TRACE` is set: its value is the filter (`*` for everything). A
  /// malformed filter is logged once as a warning and ignored. Returns whether a trace started.
  @discardableResult
  public static func startFromEnvironment(logger: Logger) -> Bool {
    guard let text = ProcessInfo.processInfo.environment["BINDERY_TRACE"] else { return false }
    do {
      start(logger: logger, filter: try TraceFilter(text))
      return true
    } catch {
      logger.warning("BINDERY_TRACE is not a trace filter (\(error)); nothing is traced")
      return false
    }
  }

  /// Stops logging changes (recording stays as it is).
  public static func stop() {
    BindingDiagnostics.changeHandler = nil
  }
}
