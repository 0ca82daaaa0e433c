// Checks that one main thread runs GTK's loop, main-actor tasks and bindings delivered on the main
// actor, and the widgets' updates made at once on that thread (BinderyGTKTests runs it: a test
// process's main actor is not its main thread). Prints "main loop check: passed" and exits 0, or
// says what did not hold and exits 1.
#if GTK
  import Bindery
  import BinderyControls
  import BinderyGTK
  import CGTK
  #if canImport(Glibc)
    import Glibc
  #endif

  /// A model written from another thread.
  @KeyValueObservable
  final class Greeting {
    var text = "Hello"
    var name = "Ada"
  }

  /// Counts the values bindings write back to the model (users' edits).
  final class WriteBacks: BindingDelegate {
    var count = 0
    func binding(_ binding: PropertyBinding, didUpdateSource value: Any) { count += 1 }
  }

  /// The greeting, handed to another thread on purpose (the model is safe to change from any thread).
  struct SharedGreeting: @unchecked Sendable {
    let greeting: Greeting
  }

  /// What ran, and where.
  @MainActor
  enum Check {
    static var taskRanOnMainThread: Bool?
    static var deliveryRanOnMainThread: Bool?
    static var label: HeadlessLabel?
    static var window: GTKWindowHost?
    static var passed = false
    static var synchronous: [String] = []

    static func finishIfDone() {
      let shown = window?.widget(for: label!).map { String(cString: gtk_label_get_text(cgtk_label($0))) }
      guard taskRanOnMainThread != nil, deliveryRanOnMainThread != nil, shown == "Written elsewhere" else { return }
      passed = taskRanOnMainThread == true && deliveryRanOnMainThread == true && synchronous.isEmpty
      print(
        "main-actor task on the main thread: \(taskRanOnMainThread!); binding delivered on the main thread: "
          + "\(deliveryRanOnMainThread!); GTK label: \(shown!)")
      print(
        "updates at once on the main thread: \(synchronous.isEmpty ? "as expected" : synchronous.joined(separator: "; "))"
      )
      GTKMainLoop.quit()
    }

    /// On the main thread a model's change reaches its widget at once, a widget set from the model
    /// reports no edit, and typing reaches the model as one edit once GTK is idle.
    static func checkSynchronousUpdates(
      _ greeting: Greeting, field: HeadlessTextField, echo: HeadlessLabel, writeBacks: WriteBacks
    ) {
      guard let window, let entry = window.widget(for: field), let echoLabel = window.widget(for: echo) else {
        synchronous.append("no widgets")
        return
      }
      func entryText() -> String { String(cString: gtk_editable_get_text(cgtk_editable(entry))) }
      func echoText() -> String { String(cString: gtk_label_get_text(cgtk_label(echoLabel))) }
      greeting.name = "Grace"
      if entryText() != "Grace" { synchronous.append("the entry shows \(entryText()) after the model changed") }
      if echoText() != "Grace" { synchronous.append("the label shows \(echoText()) after the model changed") }
      if writeBacks.count != 0 { synchronous.append("\(writeBacks.count) write-backs after a model change") }
      gtk_editable_set_text(cgtk_editable(entry), "Linus")  // an edit GTK reports in two steps
      GTKMainLoop.processPendingEvents()
      if greeting.name != "Linus" { synchronous.append("the model has \(greeting.name) after typing") }
      if echoText() != "Linus" { synchronous.append("the label shows \(echoText()) after typing") }
      if writeBacks.count != 1 { synchronous.append("\(writeBacks.count) write-backs for one edit") }
    }
  }

  do {
    try GTKMainLoop.start()
    let greeting = Greeting()
    let label = HeadlessLabel()
    let bindings = BindingSet()
    label.bind(\.text, to: greeting, \.text, options: BindingOptions(delivery: .mainActor)).store(in: bindings)
    let delivered = observe(label, \.text) { _ in Check.deliveryRanOnMainThread = cgtk_is_main_thread() != 0 }
    let field = HeadlessTextField()
    let echo = HeadlessLabel()
    let writeBacks = WriteBacks()
    bindings.delegate = writeBacks
    field.bind(\.text, to: greeting, \.name).store(in: bindings)
    echo.bind(\.text, to: greeting, \.name).store(in: bindings)
    let window = try GTKWindowHost(
      title: "Main loop check", root: Panel(subviews: [label, field, echo]), bindings: bindings)
    window.present()
    Check.label = label
    Check.window = window
    Check.checkSynchronousUpdates(greeting, field: field, echo: echo, writeBacks: writeBacks)

    Task { @MainActor in Check.taskRanOnMainThread = cgtk_is_main_thread() != 0 }
    let shared = SharedGreeting(greeting: greeting)
    Task.detached {
      try? await Task.sleep(for: .milliseconds(100))
      shared.greeting.text = "Written elsewhere"  // off the main thread: delivered on the main actor
    }
    g_timeout_add(
      20,
      { _ in
        MainActor.assumeIsolated { Check.finishIfDone() }
        return 1
      }, nil)
    g_timeout_add(
      10_000,
      { _ in
        MainActor.assumeIsolated { GTKMainLoop.quit() }
        return 0
      }, nil)
    GTKMainLoop.run()
    delivered.unbind()
    window.close()
  } catch {
    print("main loop check: \(error)")
    exit(1)
  }
  if Check.passed {
    print("main loop check: passed")
    exit(0)
  }
  print(
    "main loop check: failed (task: \(String(describing: Check.taskRanOnMainThread)), delivery: "
      + "\(String(describing: Check.deliveryRanOnMainThread)))")
  exit(1)
#else
  print("main loop check: built without the GTK trait")
#endif
