import Bindery
import BinderyControls
import BinderyTestFixtures
import Foundation
import Testing

/// Collects the problems reported about bindings of the given objects (other tests run beside these).
private final class ProblemLog: @unchecked Sendable {
  // NSLock (pthread), which the thread sanitizer sees.
  private let lock = NSLock()
  private var problems: [BindingProblem] = []
  private let objects: [ObjectIdentifier]

  init(_ objects: AnyObject...) { self.objects = objects.map(ObjectIdentifier.init) }

  func take(_ problem: BindingProblem) {
    let mine = problem.bindings.contains { binding in
      [binding.source, binding.target].contains { $0.map { objects.contains(ObjectIdentifier($0)) } ?? false }
    }
    if mine { lock.withLock { problems.append(problem) } }
  }

  var all: [BindingProblem] { lock.withLock { problems } }
}

/// Runs `body` with problems reported to `log` (and to the handler in place before, for other tests).
private func reporting(to log: ProblemLog, _ body: () -> Void) {
  let previous = BindingDiagnostics.problemHandler
  BindingDiagnostics.problemHandler = { problem in
    log.take(problem)
    previous(problem)
  }
  body()
  BindingDiagnostics.problemHandler = previous
}

/// Runs `body` with recording on (beside other tests that record).
private func recording(_ body: () throws -> Void) rethrows {
  try BindingDiagnostics.recording(body)
}

@Suite("Diagnostics: what is bound, what it wrote, and loops", .serialized)
struct DiagnosticsTests {
  @Test func aBindingDescribesItsEndsPathsDirectionOptionsAndWhereItWasMade() {
    let controller = PersonController(person: Person(firstName: "Ada"))
    let field = HeadlessTextField()
    let options = BindingOptions(updatesContinuously: false)
    let binding = field.bind(\.text, to: .keyPath(controller, \.person?.firstName), options: options)
    let line = #line - 1
    let info = binding.info
    #expect(info.targetType == "HeadlessTextField")
    #expect(info.targetProperty == "text")
    #expect(info.sourceType == "PersonController")
    #expect(info.sourcePath == "person.firstName")
    #expect(info.direction == .both)
    #expect(info.options == ["updatesContinuously: false"])
    #expect(info.location == "BinderyTests/DiagnosticsTests.swift:\(line)")
    #expect(info.targetID == ObjectIdentifier(field) && info.sourceID == ObjectIdentifier(controller))
    #expect(info.isBound)
    #expect(info.description.hasPrefix("HeadlessTextField.text ⇄ PersonController.person.firstName (two-way"))
    binding.unbind()
    #expect(!binding.info.isBound)
  }

  @Test func recordedBindingsAreListedWithTheirConversionPlaceholdersAndLastValuesUntilTheyEnd() {
    recording {
      let controller = PersonController(person: Person(firstName: "Ada", lastName: "Lovelace"))
      let field = HeadlessTextField()
      let label = HeadlessLabel()
      let nameBinding = field.bind(\.text, to: controller, \.person?.firstName)
      let fullName = label.bind(
        \.text,
        to: .keyPath(controller, \.person?.fullName, converted: Uppercased())
          .placeholders(BindingPlaceholders(nullValue: "—")))
      #expect(
        BindingDiagnostics.liveBindings(of: controller).map(ObjectIdentifier.init) == [
          ObjectIdentifier(nameBinding), ObjectIdentifier(fullName),
        ])
      field.userDidEdit(text: "Augusta")
      let name = nameBinding.info
      #expect(name.lastTargetValue == "\"Ada\"")
      #expect(name.lastSourceValue == "\"Augusta\"")
      let shown = fullName.info
      #expect(shown.conversion == "Uppercased")
      #expect(shown.placeholders == ["nullValue: \"—\""])
      #expect(shown.lastTargetValue == "\"AUGUSTA LOVELACE\"")
      nameBinding.unbind()
      #expect(
        BindingDiagnostics.liveBindings(of: controller).map(ObjectIdentifier.init) == [ObjectIdentifier(fullName)])
    }
    // Made while recording was off (unless a test beside this one records): not listed.
    let other = PersonController()
    let wasOff = !BindingDiagnostics.isRecording
    HeadlessLabel().bind(\.text, to: other, \.person?.firstName)
    if wasOff && !BindingDiagnostics.isRecording {
      #expect(BindingDiagnostics.liveBindings(of: other).isEmpty)
    }
  }

  @Test func theReadmesDebuggingExamplePrintsWhatItShows() {
    recording {
      let controller = PersonController(person: Person())
      let firstNameField = HeadlessTextField()
      let fullNameLabel = HeadlessLabel()
      let field = firstNameField.bind(\.text, to: controller, \.person?.firstName)
      let label = fullNameLabel.bind(
        \.text, to: .keyPath(controller, \.person?.fullName).placeholders(BindingPlaceholders(nullValue: "—")))
      firstNameField.userDidEdit(text: "Ada")
      let text = BindingGraph([field, label]).text
      #expect(
        text == """
          HeadlessTextField#1
            text ⇄ PersonController#1.person.firstName (two-way; last shown ""; last written back "Ada"; made at \(field.location))
          HeadlessLabel#1
            text ← PersonController#1.person.fullName (one way; placeholders nullValue: "—"; last shown "Ada"; made at \(label.location))

          """)
    }
  }

  @Test func aLabelsLastChangeIsExplainedBackToTheUsersEdit() throws {
    try recording {
      let controller = PersonController(person: Person(lastName: "Lovelace"))
      let firstNameField = HeadlessTextField()
      let fullNameLabel = HeadlessLabel()
      let field = firstNameField.bind(\.text, to: controller, \.person?.firstName)
      let label = fullNameLabel.bind(\.text, to: controller, \.person?.fullName)
      firstNameField.userDidEdit(text: "Ada")
      let cause = try #require(BindingDiagnostics.cause(of: fullNameLabel, \.text))
      #expect(cause.kind == .targetUpdate)
      #expect(cause.value == "\"Ada Lovelace\"" && cause.previousValue == "\"Lovelace\"")
      #expect(cause.chain.map(\.kind) == [.targetUpdate, .userEdit])
      let thread = cause.thread
      #expect(
        cause.description == """
          HeadlessLabel.text = "Lovelace" → "Ada Lovelace" ← PersonController.person.fullName (made at \(label.location), thread \(thread))
            ← user edit "Ada" in HeadlessTextField.text → PersonController.person.firstName (made at \(field.location), thread \(thread))
          """)
      // The field's own last change is the user's edit, written to the model.
      #expect(BindingDiagnostics.cause(of: controller, \.person?.firstName)?.kind == .userEdit)
      // A write in code starts a chain of its own.
      controller.person?.lastName = "King"
      let again = try #require(BindingDiagnostics.cause(of: fullNameLabel, \.text))
      #expect(again.cause == nil)
      #expect(again.description.hasSuffix("← a write in code to PersonController.person.fullName"))
      // The newest of this label's changes (other tests may record changes of their own meanwhile).
      #expect(BindingDiagnostics.recentChanges(of: [label]).last === again)
    }
  }

  @Test func aChangeThroughAChainOfBindingsNamesEveryStep() throws {
    try recording {
      let a = Node()
      let b = Node()
      let c = Node()
      b.bind(\.value, to: .keyPath(a, \.value), options: BindingOptions(direction: .sourceToTarget))
      c.bind(\.value, to: .keyPath(b, \.value), options: BindingOptions(direction: .sourceToTarget))
      a.value = 7
      let cause = try #require(BindingDiagnostics.cause(of: c, \.value))
      #expect(cause.chain.map(\.value) == ["7", "7"])
      #expect(cause.chain.map(\.previousValue) == ["0", "0"])
      #expect(cause.description.split(separator: "\n").count == 3)
      #expect(cause.description.hasSuffix("← a write in code to Node.value"))
    }
  }

  @Test func recentChangesAreBounded() {
    recording {
      let a = Node()
      let b = Node()
      b.bind(\.value, to: .keyPath(a, \.value), options: BindingOptions(direction: .sourceToTarget))
      for value in 1...(BindingDiagnostics.recentChangeLimit + 50) { a.value = value }
      let recent = BindingDiagnostics.recentChanges
      #expect(recent.count == BindingDiagnostics.recentChangeLimit)
      #expect(recent.contains { $0.value == "\(BindingDiagnostics.recentChangeLimit + 50)" })
      #expect(!recent.contains { $0.value == "1" && $0.property == "Node.value" && $0.cause == nil })
    }
  }

  @Test func theRegistryLetsGoOfBindingsWhoseTargetWentAway() {
    recording {
      let controller = PersonController(person: Person(firstName: "Ada"))
      weak var gone: HeadlessLabel?
      do {
        let label = HeadlessLabel()
        gone = label
        label.bind(\.text, to: controller, \.person?.firstName)
        #expect(BindingDiagnostics.liveBindings(of: controller).count == 1)
      }
      #expect(gone == nil)
      #expect(BindingDiagnostics.liveBindings(of: controller).isEmpty)
    }
  }

  @Test func theGraphIsATextTreeJSONAndDOT() throws {
    try recording {
      let controller = PersonController(person: Person(firstName: "Ada", lastName: "Lovelace"))
      let field = HeadlessTextField()
      let label = HeadlessLabel()
      let bindings = [
        field.bind(\.text, to: controller, \.person?.firstName),
        label.bind(\.text, to: controller, \.person?.fullName),
      ]
      let graph = BindingGraph(bindings)
      #expect(
        graph.text.split(separator: "\n").map(String.init) == [
          "HeadlessTextField#1",
          "  text ⇄ PersonController#1.person.firstName (two-way; last shown \"Ada\"; made at \(bindings[0].location))",
          "HeadlessLabel#1",
          "  text ← PersonController#1.person.fullName (one way; last shown \"Ada Lovelace\"; made at "
            + "\(bindings[1].location))",
        ])
      let json = try #require(try JSONSerialization.jsonObject(with: Data(graph.json.utf8)) as? [String: Any])
      let entries = try #require(json["bindings"] as? [[String: Any]])
      #expect(entries.count == 2)
      #expect(entries[1]["target"] as? String == "HeadlessLabel#1")
      #expect(entries[1]["sourcePath"] as? String == "person.fullName")
      #expect(entries[1]["direction"] as? String == "sourceToTarget")
      #expect(entries[1]["lastTargetValue"] as? String == "\"Ada Lovelace\"")
      #expect(graph.dot.hasPrefix("digraph bindings {"))
      #expect(graph.dot.contains("\"PersonController#1.person.fullName\" -> \"HeadlessLabel#1.text\""))
      #expect(graph.dot.contains("\"PersonController#1.person.firstName\" -> \"HeadlessTextField#1.text\" [label="))
      try expectGraphvizAccepts(graph.dot)
    }
  }

  @Test func aGraphShowsAnEndThatWentAwayAsGone() throws {
    let label = HeadlessLabel()
    let (binding, info) = { () -> (PropertyBinding, BindingInfo) in
      let person = Person(firstName: "Ada")
      let binding = label.bind(\.text, to: person, \.firstName)
      return (binding, binding.info)
    }()
    let graph = BindingGraph([binding])
    #expect(graph.text.contains("text ⇄ Person (gone).firstName (two-way; unbound;"))
    #expect(BindingGraph(infos: [info]).text.contains("text ⇄ Person#1.firstName (two-way;"))
    try expectGraphvizAccepts(graph.dot)
  }

  @Test func aPropertyBoundToItselfIsReportedWhenTheBindingIsMade() {
    let node = Node()
    let log = ProblemLog(node)
    reporting(to: log) {
      let binding = node.bind(\.value, to: node, \.value)
      #expect(log.all.map(\.kind) == [.boundToItself])
      #expect(log.all.first?.bindings.first === binding)
      #expect(log.all.first?.description.hasPrefix("Node.value is bound to itself (made at BinderyTests/") == true)
    }
  }

  @Test func aBindingThatClosesALoopOfOneWayBindingsIsReportedWithTheLoopsPath() {
    let a = Node()
    let b = Node()
    let c = Node()
    let log = ProblemLog(a, b, c)
    reporting(to: log) {
      let first = b.bind(\.value, to: .keyPath(a, \.value), options: BindingOptions(direction: .sourceToTarget))
      let second = c.bind(\.value, to: .keyPath(b, \.value), options: BindingOptions(direction: .sourceToTarget))
      #expect(log.all.isEmpty)
      let closing = a.bind(\.value, to: .keyPath(c, \.value), options: BindingOptions(direction: .sourceToTarget))
      #expect(log.all.map(\.kind) == [.loop])
      let problem = log.all.first
      #expect(problem?.path == ["Node.value", "Node.value", "Node.value", "Node.value"])
      #expect(problem?.bindings.map(ObjectIdentifier.init) == [closing, first, second].map(ObjectIdentifier.init))
      #expect(problem?.description.hasPrefix("a loop of one-way bindings: Node.value → Node.value") == true)
    }
  }

  @Test func theBindingsOfOneWindowAreThoseWithAnEndAmongItsObjects() {
    recording {
      let controller = PersonController(person: Person(firstName: "Ada"))
      let window = (field: HeadlessTextField(), label: HeadlessLabel())
      let other = HeadlessLabel()
      let field = window.field.bind(\.text, to: controller, \.person?.firstName)
      let label = window.label.bind(\.text, to: controller, \.person?.fullName)
      other.bind(\.text, to: controller, \.person?.lastName)
      let mine = BindingDiagnostics.liveBindings(touching: [window.field, window.label])
      #expect(mine.map(ObjectIdentifier.init) == [ObjectIdentifier(field), ObjectIdentifier(label)])
      #expect(BindingDiagnostics.liveBindings(touching: [controller]).count == 3)
      #expect(BindingDiagnostics.liveBindings(touching: []).isEmpty)
      field.unbind()
      #expect(BindingDiagnostics.liveBindings(touching: [window.field, window.label]).count == 1)
    }
  }

  @Test func twoWayBindingsAndChainsAreNotLoops() {
    let a = Node()
    let b = Node()
    let c = Node()
    let log = ProblemLog(a, b, c)
    reporting(to: log) {
      b.bind(\.value, to: a, \.value)  // two-way
      a.bind(\.value, to: b, \.value)  // two-way back: one value both ways, no echo
      c.bind(\.value, to: .keyPath(b, \.value), options: BindingOptions(direction: .sourceToTarget))
      b.bind(\.name, to: .keyPath(c, \.name), options: BindingOptions(direction: .sourceToTarget))  // other property
      #expect(log.all.isEmpty)
    }
  }
}

/// Renders `dot` with Graphviz's `dot` when it is installed (CI installs it), which fails on a graph
/// it cannot read; checks its braces otherwise.
private func expectGraphvizAccepts(_ dot: String) throws {
  #expect(dot.filter { $0 == "{" }.count == dot.filter { $0 == "}" }.count)
  let candidates = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"]
  guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: tool)
  process.arguments = ["-Tsvg"]
  let input = Pipe()
  let output = Pipe()
  let errors = Pipe()
  process.standardInput = input
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  input.fileHandleForWriting.write(Data(dot.utf8))
  try input.fileHandleForWriting.close()
  let svg = output.fileHandleForReading.readDataToEndOfFile()
  let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "dot refused the graph: \(problems)")
  #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
}

/// Upper-cases text (a transformer with a name of its own).
private struct Uppercased: BindingTransformer {
  func transform(_ value: String?) -> String? { value?.uppercased() }
}
