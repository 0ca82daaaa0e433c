import BinderySQLite
import BinderyTracing
import BinderyWeb
import Foundation
import Logging
import PersonEditorKit

// PersonEditor: the Person editor as a web page (`swift run PersonEditor`, then open
// http://127.0.0.1:8080), printed step by step in a terminal (`swift run PersonEditor --headless`), or
// as a GTK 4 window (`swift run --traits GTK PersonEditor --gtk`).
// `--inspect` also serves the bindings inspector at http://127.0.0.1:8080/inspect.
// The people are kept in a SQLite file (PersonEditorDatabase.defaultPath; `--database PATH` for
// another, `--memory` for none), so edits survive a restart; or in PostgreSQL (`--postgres URL`), where
// several instances share them and show each other's edits.
#if Postgres
  import BinderyPostgres
#endif

var arguments = CommandLine.arguments.dropFirst()
var host = "127.0.0.1"
var port = 8080
var headless = false
var desktopWindows = 0
var configuration = WebServer.Configuration()
var databasePath: String? = PersonEditorDatabase.defaultPath
var postgresURL: String?
while let argument = arguments.popFirst() {
  switch argument {
  case "--headless": headless = true
  case "--gtk": desktopWindows = max(desktopWindows, 1)
  case "--windows": desktopWindows = max(1, arguments.popFirst().flatMap { Int($0) } ?? 1)
  case "--inspect": configuration.servesInspector = true
  case "--memory": databasePath = nil
  case "--postgres":
    guard let url = arguments.popFirst() else {
      print("PersonEditor: --postgres needs a URL (postgres://user:password@host:port/database)")
      exit(2)
    }
    postgresURL = url
  case "--database":
    guard let path = arguments.popFirst() else {
      print("PersonEditor: --database needs a file path")
      exit(2)
    }
    databasePath = path
  case "--host": host = arguments.popFirst() ?? host
  case "--port": port = arguments.popFirst().flatMap { Int($0) } ?? port
  case "--resume-window":
    configuration.limits.resumeWindow = .seconds(arguments.popFirst().flatMap { Int($0) } ?? 120)
  case "--max-connections":
    configuration.maxConnections = arguments.popFirst().flatMap { Int($0) } ?? configuration.maxConnections
  default:
    print(
      "usage: PersonEditor [--headless | --gtk [--windows N]] [--database PATH | --memory | --postgres URL] [--inspect] [--host ADDRESS] [--port PORT] [--resume-window SECONDS] [--max-connections N]"
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
/// The people, from the database (the headless walkthrough always starts from the sample people).
func openPeople(path databasePath: String?, postgres postgresURL: String?) -> PeopleViewController {
  do {
    let store: any RecordStore
    if let postgresURL {
      #if Postgres
        store = try PostgresStore(url: postgresURL)
        print("PersonEditor: people are kept in PostgreSQL; other instances on it show each other's edits")
      #else
        print(
          "PersonEditor: this build has no PostgreSQL (\(postgresURL)); build it with: swift run --traits Postgres PersonEditor --postgres URL"
        )
        exit(2)
      #endif
    } else if let databasePath {
      store = try PersonEditorDatabase.open(path: databasePath)
      print("PersonEditor: people are kept in \(databasePath)")
    } else {
      store = try SQLiteStore()
      print("PersonEditor: people are kept in memory (--memory): gone when it stops")
    }
    return try PeopleViewController(store: store)
  } catch {
    let database = postgresURL != nil ? "on PostgreSQL" : databasePath ?? "in memory"
    print("PersonEditor: cannot open the people's database (\(database)): \(error)")
    exit(1)
  }
}

if desktopWindows > 0 {
  #if GTK
    do {
      try DesktopPersonEditor(controller: openPeople(path: databasePath, postgres: postgresURL)).run(
        specPath: specPath, windowCount: desktopWindows)
    } catch {
      print("PersonEditor: \(error)")
      exit(1)
    }
  #else
    print("PersonEditor: this build has no GTK window; build it with GTK: swift run --traits GTK PersonEditor --gtk")
    exit(2)
  #endif
} else if headless {
  do {
    try runHeadlessWalkthrough(specPath: specPath)
  } catch {
    print("PersonEditor: \(error)")
    exit(1)
  }
} else {
  let people = openPeople(path: databasePath, postgres: postgresURL)
  configuration.whenStopped = PersonEditorPage.savingPending(of: people)
  let server = WebServer(
    page: PersonEditorPage.make(specPath: specPath, controller: people),
    configuration: configuration)
  print("PersonEditor: serving the Person editor at http://\(host):\(port)  (Ctrl-C to stop)")
  if configuration.servesInspector {
    print("PersonEditor: its bindings at http://127.0.0.1:\(port)/inspect (this machine only)")
  }
  fflush(nil)  // every stream: the address shows at once in a log file too
  // Served from a task, with the main thread parked in the main queue: the top level stays
  // synchronous, as GTK's loop needs it (`--gtk`).
  // Another instance's edits (PostgreSQL's NOTIFY) reach this one's pages through the page's actor.
  let host = server.host
  people.content?.followChangesByOthers { apply in Task { await host.perform(apply) } }
  Task {
    do {
      try await server.run()
      exit(0)
    } catch {
      print("PersonEditor could not serve at \(host):\(port): \(error)")
      exit(1)
    }
  }
  dispatchMain()
}
