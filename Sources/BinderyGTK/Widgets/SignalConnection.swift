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
  /// What a key handler runs: given GDK's key value and modifiers, whether it handled the key.
  final class KeyAction: Sendable {
    let run: @MainActor @Sendable (UInt32, UInt32) -> Bool

    init(_ run: @escaping @MainActor @Sendable (UInt32, UInt32) -> Bool) {
      self.run = run
    }
  }

  /// Hears the keys pressed in `widget` (after its children, which see them first): `handle` gets
  /// GDK's key value and modifier mask and answers whether it handled the key.
  @MainActor
  func onKeyPressed(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ handle: @escaping @MainActor @Sendable (UInt32, UInt32) -> Bool
  ) {
    let data = Unmanaged.passRetained(KeyAction(handle)).toOpaque()
    let release: GClosureNotify = { data, _ in
      guard let data else { return }
      Unmanaged<KeyAction>.fromOpaque(data).release()
    }
    _ = cgtk_add_key_handler(
      widget,
      { _, keyval, _, state, data in
        guard let data else { return 0 }
        let action = Unmanaged<KeyAction>.fromOpaque(data).takeUnretainedValue()
        return MainActor.assumeIsolated { action.run(keyval, state.rawValue) } ? 1 : 0
      }, data, release)
  }

  /// The modifiers a shortcut tells apart (Ctrl, Shift, Alt, Super), from a GDK modifier mask.
  func shortcutModifiers(_ state: UInt32) -> UInt32 {
    state & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue)
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
