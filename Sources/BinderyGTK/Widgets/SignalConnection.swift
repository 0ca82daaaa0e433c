#if GTK
  import CGTK

  /// What a signal handler runs, kept alive by GLib until the handler is disconnected or its
  /// object is finalized (GLib then releases it).
  final class SignalAction: Sendable {
    let run: @MainActor @Sendable () -> Void

    init(_ run: @escaping @MainActor @Sendable () -> Void) {
      self.run = run
    }
  }

  /// A connected signal handler: its object and its id, to block or disconnect it.
  struct SignalConnection {
    let instance: UnsafeMutableRawPointer
    let id: gulong
  }

  /// The shapes of GTK signal handlers the mirrors connect.
  enum SignalShape {
    /// `void handler(instance, user_data)`: `changed`, `clicked`, `toggled`, `value-changed`.
    case plain
    /// `void handler(instance, argument, user_data)`: `notify::…`, `selected-rows-changed`.
    case withArgument
    /// `gboolean handler(instance, user_data)` answering `FALSE` (let GTK go on), run after the other
    /// handlers and only when none of them stopped the emission: `close-request`.
    case afterOthers
  }

  /// Connects `action` to `signal` of `instance`. GTK emits signals on its thread, the main actor's.
  @MainActor
  func connectSignal(
    _ instance: UnsafeMutableRawPointer, _ signal: String, shape: SignalShape = .plain,
    _ action: @escaping @MainActor @Sendable () -> Void
  ) -> SignalConnection {
    let data = Unmanaged.passRetained(SignalAction(action)).toOpaque()
    let release: GClosureNotify = { data, _ in
      guard let data else { return }
      Unmanaged<SignalAction>.fromOpaque(data).release()
    }
    let id: gulong
    switch shape {
    case .plain:
      id = cgtk_signal_connect(
        instance, signal,
        { _, data in
          guard let data else { return }
          let action = Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue()
          MainActor.assumeIsolated { action.run() }
        }, data, release)
    case .withArgument:
      id = cgtk_signal_connect_pointer(
        instance, signal,
        { _, _, data in
          guard let data else { return }
          let action = Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue()
          MainActor.assumeIsolated { action.run() }
        }, data, release)
    case .afterOthers:
      id = cgtk_signal_connect_bool_after(
        instance, signal,
        { _, data in
          guard let data else { return 0 }
          let action = Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue()
          MainActor.assumeIsolated { action.run() }
          return 0
        }, data, release)
    }
    return SignalConnection(instance: instance, id: id)
  }
#endif

#if GTK
  /// Runs `action` once GTK has handled the events it has ready, before it redraws.
  @MainActor
  func runWhenIdle(_ action: @escaping @MainActor @Sendable () -> Void) {
    let data = Unmanaged.passRetained(SignalAction(action)).toOpaque()
    g_idle_add_full(
      G_PRIORITY_HIGH_IDLE,
      { data in
        guard let data else { return 0 }
        let action = Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { action.run() }
        return 0  // G_SOURCE_REMOVE
      }, data,
      { data in
        guard let data else { return }
        Unmanaged<SignalAction>.fromOpaque(data).release()
      })
  }
#endif
