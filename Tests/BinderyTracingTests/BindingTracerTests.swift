import Bindery
import BinderyControls
import BinderyTracing
import Foundation
import Logging
import Testing

/// Keeps what is logged through it.
private final class CapturedLog: @unchecked Sendable {
  // NSLock (pthread), which the thread sanitizer sees.
  private let lock = NSLock()
  private var entries: [(level: Logger.Level, message: String)] = []

  var all: [(level: Logger.Level, message: String)] { lock.withLock { entries } }

  func logger() -> Logger {
    var logger = Logger(label: "bindery.trace") { _ in CapturingHandler(log: self) }
    logger.logLevel = .debug
    return logger
  }

  func add(_ level: Logger.Level, _ message: String) { lock.withLock { entries.append((level, message)) } }
}

private struct CapturingHandler: LogHandler {
  let log: CapturedLog
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .debug

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    log.add(event.level, event.message.description)
  }
}

@KeyValueObservable
private final class Author {
  var firstName = ""
  var lastName = "Lovelace"
  var fullName: String { firstName.isEmpty ? lastName : firstName + " " + lastName }
}

@Suite("Tracing bindings through swift-log", .serialized)
struct BindingTracerTests {
  @Test func aFilterNamesTypesAndPropertiesWithWildcards() throws {
    let filter = try TraceFilter("HeadlessLabel.text, Author.* ,*.fullName")
    #expect(filter.description == "HeadlessLabel.text,Author.*,*.fullName")
    #expect(filter.matches("HeadlessLabel.text"))
    #expect(filter.matches("Author.firstName"))
    #expect(filter.matches("Controller.person.fullName") == false)
    #expect(filter.matches("Person.fullName"))
    #expect(!filter.matches("HeadlessTextField.text"))
    #expect(try TraceFilter("*").matches("Anything.at.all"))
  }

  @Test(arguments: [
    ("Label", 1), ("Label.text,", 12), ("Label.text,.x", 12), ("a b.c", 1), ("Label.te xt", 1), ("", 1),
  ])
  func aMalformedFilterIsATypedErrorAtItsPattern(text: String, column: Int) {
    #expect(throws: TraceFilterError.self) { try TraceFilter(text) }
    do {
      _ = try TraceFilter(text)
    } catch {
      #expect(error.column == column)
      #expect(error.message.hasPrefix("expected Type.property"))
    }
  }

  @Test func eachUpdateIsLoggedWithItsCauseAtDebugLevel() throws {
    let log = CapturedLog()
    let wasRecording = BindingDiagnostics.isRecording
    BindingTracer.start(logger: log.logger(), filter: try TraceFilter("HeadlessLabel.text"))
    defer {
      BindingTracer.stop()
      BindingDiagnostics.isRecording = wasRecording
    }
    // Recording beside the tests that switch it off again.
    BindingDiagnostics.recording {
      let author = Author()
      let field = HeadlessTextField()
      let label = HeadlessLabel()
      field.bind(\.text, to: author, \.firstName)
      label.bind(\.text, to: author, \.fullName)
      field.userDidEdit(text: "Ada")
    }
    let mine = log.all.filter { $0.message.contains("← Author.fullName") }
    #expect(mine.map(\.level) == [.debug, .debug])  // the first value, then the edit's
    #expect(
      mine.last?.message.hasPrefix("HeadlessLabel.text = \"Lovelace\" → \"Ada Lovelace\" ← Author.fullName") == true)
    #expect(mine.last?.message.contains("← user edit \"Ada\" in HeadlessTextField.text → Author.firstName") == true)
    // The field's own updates are not in the filter.
    // (Traced bindings of tests beside this one are logged whatever the filter: only this test's count.)
    #expect(!log.all.contains { $0.message.hasPrefix("HeadlessTextField.text =") && $0.message.contains("Author.") })
  }

  @Test func aTraceOfTracedBindingsLogsThoseBindingsOnly() {
    let log = CapturedLog()
    BindingTracer.start(logger: log.logger(), filter: .tracedBindings)
    defer { BindingTracer.stop() }
    let author = Author()
    let traced = HeadlessLabel()
    let plain = HeadlessLabel()
    let field = HeadlessTextField()
    // Made with the option, so traced while recording may be off.
    traced.bind(\.text, to: .keyPath(author, \.fullName), options: BindingOptions(isTraced: true))
    plain.bind(\.text, to: author, \.fullName)
    field.bind(\.text, to: author, \.firstName)
    field.userDidEdit(text: "Grace")
    let mine = log.all.filter { $0.message.contains("← Author.fullName") }
    #expect(mine.count == 2, "the first value and the edit's, of the traced label only: \(mine.map(\.message))")
    #expect(mine.last?.message.hasPrefix("HeadlessLabel.text = \"Lovelace\" → \"Grace Lovelace\"") == true)
    #expect(traced.bindings.first?.options.isTraced == true)
    #expect(plain.bindings.first?.options.isTraced == false)
    #expect(TraceFilter.tracedBindings.patterns.isEmpty)
  }

  @Test func aMalformedTraceFilterInTheEnvironmentIsReportedOnceAndIgnored() {
    let log = CapturedLog()
    setenv("BINDERY_TRACE", "Label..text", 1)
    defer { unsetenv("BINDERY_TRACE") }
    #expect(!BindingTracer.startFromEnvironment(logger: log.logger()))
    #expect(log.all.map(\.level) == [.warning])
    #expect(log.all.first?.message.contains("BINDERY_TRACE is not a trace filter") == true)
    #expect(BindingDiagnostics.changeHandler == nil)
    unsetenv("BINDERY_TRACE")
    #expect(!BindingTracer.startFromEnvironment(logger: log.logger()))
    #expect(log.all.count == 1)
  }
}
