import Foundation
import Logging

/// What a store logged through the logger it was given (no global bootstrap): each entry's level,
/// message and metadata.
final class LogCapture: @unchecked Sendable {
  /// One logged message.
  struct Entry: Sendable {
    let level: Logger.Level
    let message: String
    let metadata: [String: String]

    /// The message and metadata in one text, to look for what must not be there.
    var text: String { message + " " + metadata.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
  }

  // NSLock (pthread), which the thread sanitizer sees.
  private let lock = NSLock()
  private var entries: [Entry] = []

  /// Everything logged so far, in order.
  var all: [Entry] { lock.withLock { entries } }

  /// What was logged at `level` or above.
  func logged(atLeast level: Logger.Level) -> [Entry] { all.filter { $0.level >= level } }

  /// A logger with `label` that logs into this capture, every level.
  func logger(_ label: String) -> Logger {
    var logger = Logger(label: label) { _ in Handler(capture: self) }
    logger.logLevel = .trace
    return logger
  }

  fileprivate func add(_ entry: Entry) { lock.withLock { entries.append(entry) } }

  private struct Handler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      let merged = metadata.merging(event.metadata ?? [:]) { $1 }
      capture.add(
        Entry(
          level: event.level, message: event.message.description,
          metadata: merged.mapValues { "\($0)" }))
    }
  }
}
