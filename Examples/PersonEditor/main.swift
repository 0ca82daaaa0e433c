// PersonEditor: the Person editor as a web page (`swift run PersonEditor`, then open
// http://127.0.0.1:8080), or printed step by step in a terminal (`swift run PersonEditor --headless`).
// `--inspect` also serves the bindings inspector at http://127.0.0.1:8080/inspect.
import BinderyTracing
import BinderyWeb
import Foundation
import Logging

var arguments = CommandLine.arguments.dropFirst()
var host = "127.0.0.1"
var port = 8080
var headless = false
var configuration = WebServer.Configuration()
while let argument = arguments.popFirst() {
  switch argument {
  case "--headless": headless = true
  case "--inspect": configuration.servesInspector = true
  case "--host": host = arguments.popFirst() ?? host
  case "--port": port = arguments.popFirst().flatMap { Int($0) } ?? port
  case "--resume-window":
    configuration.limits.resumeWindow = .seconds(arguments.popFirst().flatMap { Int($0) } ?? 120)
  case "--max-connections":
    configuration.maxConnections = arguments.popFirst().flatMap { Int($0) } ?? configuration.maxConnections
  default:
    print(
      "usage: PersonEditor [--headless] [--inspect] [--host ADDRESS] [--port PORT] [--resume-window SECONDS] [--max-connections N]"
    )
    exit(2)
  }
}
configuration.host = host
configuration.port = port

// BINDERY_TRACE=HeadlessLabel.text,Person.* logs each update of those properties with its cause.
var traceLogger = Logger(label: "PersonEditor.bindings")
traceLogger.logLevel = .debug
BindingTracer.startFromEnvironment(logger: traceLogger)

guard let specPath = Bundle.module.path(forResource: "PersonEditor.spec", ofType: "yaml") else {
  print("PersonEditor.spec.yaml is missing from the resources")
  exit(1)
}
if headless {
  do {
    try runHeadlessWalkthrough(specPath: specPath)
  } catch {
    print("PersonEditor: \(error)")
    exit(1)
  }
} else {
  let server = WebServer(
    page: PersonEditorPage.make(specPath: specPath),
    configuration: configuration)
  print("PersonEditor: serving the Person editor at http://\(host):\(port)  (Ctrl-C to stop)")
  if configuration.servesInspector {
    print("PersonEditor: its bindings at http://127.0.0.1:\(port)/inspect (this machine only)")
  }
  fflush(nil)  // every stream: the address shows at once in a log file too
  do {
    try await server.run()
  } catch {
    print("PersonEditor could not serve at \(host):\(port): \(error)")
    exit(1)
  }
}
