// Checks that one main thread runs GTK's loop, main-actor tasks and bindings delivered on the main
// actor (BinderyGTKTests runs it: a test process's main actor is not its main thread). Prints
// "main loop check: passed" and exits 0, or says what did not run and exits 1.
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

    static func finishIfDone() {
      let shown = window?.widget(for: label!).map { String(cString: gtk_label_get_text(cgtk_label($0))) }
      guard taskRanOnMainThread != nil, deliveryRanOnMainThread != nil, shown == "Written elsewhere" else { return }
      passed = taskRanOnMainThread == true && deliveryRanOnMainThread == true
      print(
        "main-actor task on the main thread: \(taskRanOnMainThread!); binding delivered on the main thread: "
          + "\(deliveryRanOnMainThread!); GTK label: \(shown!)")
      GTKMainLoop.quit()
    }
  }

  do {
    try GTKMainLoop.start()
    let greeting = Greeting()
    let label = HeadlessLabel()
    let bindings = BindingSet()
    label.bind(\.text, to: greeting, \.text, options: BindingOptions(delivery: .mainActor)).store(in: bindings)
    let delivered = observe(label, \.text) { _ in Check.deliveryRanOnMainThread = cgtk_is_main_thread() != 0 }
    let window = try GTKWindowHost(title: "Main loop check", root: Panel(subviews: [label]), bindings: bindings)
    window.present()
    Check.label = label
    Check.window = window

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
    g_timeout_add_once(10_000, { _ in MainActor.assumeIsolated { GTKMainLoop.quit() } }, nil)
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
