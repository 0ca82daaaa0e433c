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
    /// `gboolean handler(instance, user_data)` answering `FALSE` (let GTK go on): `close-request`.
    case proceeding
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
    case .proceeding:
      id = cgtk_signal_connect_bool(
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
