#if GTK
  import CGTK
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// GTK's main loop, shared with Swift's main actor: one main thread runs GTK's events, `@MainActor`
  /// code and bindings delivered on the main actor.
  ///
  /// While GLib's loop runs, the work queued on the main actor (a `Task { @MainActor in … }`, a
  /// binding with `BindingOptions(delivery: .mainActor)`, `DispatchQueue.main.async`) runs between
  /// GTK's events, because the loop also watches the main queue.
  ///
  /// ```swift
  /// try GTKMainLoop.start()
  /// let window = try GTKWindowHost(title: "People", loaded: screen)
  /// window.present()
  /// GTKMainLoop.run()  // returns when the last window closes, or on quit()
  /// ```
  ///
  /// Call it from the main thread (a `main.swift`'s top-level code, without `await` there: an
  /// asynchronous top level parks the main thread in the main queue instead of GTK's loop).
  @MainActor
  public enum GTKMainLoop {
    private static var isStarted = false
    private static var quitRequested = false

    /// Whether ``run()`` is running.
    public private(set) static var isRunning = false

    /// Starts GTK and libadwaita (its style, its widgets), once, and lets GLib's loop run the main
    /// actor's work.
    ///
    /// - Throws: ``GTKError`` when GTK finds no display; nothing is started then.
    public static func start() throws(GTKError) {
      guard !isStarted else { return }
      guard gtk_init_check() != 0 else {
        throw GTKError(
          .noDisplay, "GTK could not open a display: set DISPLAY or WAYLAND_DISPLAY, or run under Xvfb")
      }
      isStarted = true
      adw_init()
      // Off the main thread (a test process whose main actor runs on a worker), the main queue is
      // drained by its own thread; the loop must not drain it too.
      if cgtk_is_main_thread() != 0 { watchMainQueue() }
    }

    /// Runs GTK's events and the main actor's work until ``quit()``, or until the last window a
    /// ``GTKWindowHost`` showed closes (at once when that happened before).
    public static func run() {
      isRunning = true
      defer {
        isRunning = false
        quitRequested = false
      }
      while !quitRequested { g_main_context_iteration(nil, 1) }
    }

    /// Makes ``run()`` return after the event it is handling.
    public static func quit() {
      quitRequested = true
      g_main_context_wakeup(nil)
    }

    /// Handles every event GTK has ready (redraws, input, signals) without waiting for more.
    public static func processPendingEvents() {
      while g_main_context_iteration(nil, 0) != 0 {}
    }

    /// The windows of `.ui` files shown with ``GTKInterface/presentWindow(_:)`` and not yet closed.
    static var openInterfaceWindows = 0

    /// Called when a window closes: ``run()`` returns once no window is left (of a
    /// ``GTKWindowHost`` or of a `.ui` file).
    static func windowDidClose(remaining: Int) {
      if remaining + openInterfaceWindows == 0 { quit() }
    }

    /// Watches the main queue's wake-up handle, and runs what is queued on it whenever it fires.
    private static func watchMainQueue() {
      #if os(Linux)
        let handle = _dispatch_get_main_queue_handle_4CF()
        g_unix_fd_add(
          handle, G_IO_IN,
          { handle, _, _ in
            var count: UInt64 = 0
            _ = read(handle, &count, 8)  // resets the handle (an eventfd), or it fires forever
            _dispatch_main_queue_callback_4CF(nil)
            return 1  // G_SOURCE_CONTINUE
          }, nil)
      #else
        // No file handle to watch here: look at the main queue every few milliseconds.
        g_timeout_add(
          4,
          { _ in
            _dispatch_main_queue_callback_4CF(nil)
            return 1
          }, nil)
      #endif
      // Work queued before the handle was watched.
      g_idle_add(
        { _ in
          _dispatch_main_queue_callback_4CF(nil)
          return 0  // G_SOURCE_REMOVE
        }, nil)
    }
  }
#endif
