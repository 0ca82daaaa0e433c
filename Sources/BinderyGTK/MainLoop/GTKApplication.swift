#if GTK
  import CGTK

  /// The app as the desktop knows it: its application id (reverse-DNS, like
  /// `io.github.example.People`, the name of its `.desktop` file), one instance per user session,
  /// and Ctrl+Q to quit. The windows of a ``GTKWindowHost`` made with `application:` belong to it
  /// (libadwaita's `AdwApplicationWindow`): the desktop groups them under the app's name and icon.
  ///
  /// ```swift
  /// let app = try GTKApplication(id: "io.github.example.People")
  /// guard try app.register(onActivate: { window.present() }) else { exit(0) }  // another instance runs
  /// let window = try GTKWindowHost(title: "People", screen: screen, application: app)
  /// window.present()
  /// GTKMainLoop.run()
  /// ```
  ///
  /// Without a session bus (a bare Xvfb), registering succeeds and the app runs as its only instance.
  @MainActor
  public final class GTKApplication {
    /// The application id.
    public let id: String
    /// The `GtkApplication`.
    let application: UnsafeMutablePointer<GtkApplication>
    private var connections: [SignalConnection] = []
    private var onActivate: (@MainActor () -> Void)?

    /// An app of id `id`, with its Quit action (Ctrl+Q closes every window, each ending its editing
    /// first, then ``GTKMainLoop/run()`` returns). Starts GTK when it has not started.
    ///
    /// - Throws: ``GTKError`` when GTK cannot start, or `id` is not a valid application id
    ///   (``GTKError/Kind/invalidApplicationID``).
    public init(id: String) throws(GTKError) {
      try GTKMainLoop.start()
      guard g_application_id_is_valid(id) != 0 else {
        throw GTKError(
          .invalidApplicationID,
          "\"\(id)\" is not an application id: use two or more dot-separated parts of letters, digits, _ and -, "
            + "like io.github.example.People")
      }
      self.id = id
      application = gtk_application_new(id, GApplicationFlags(rawValue: 0))
      let quit = g_simple_action_new("quit", nil)!
      connections.append(
        connectSignal(UnsafeMutableRawPointer(quit), "activate", shape: .withArgument) {
          GTKWindowHost.closeAll()
          GTKMainLoop.quit()
        })
      g_action_map_add_action(cgtk_action_map(application), quit)
      g_object_unref(UnsafeMutableRawPointer(quit))
      cgtk_set_accel(application, "app.quit", "<Control>q")
    }

    /// Registers the app with the desktop session.
    ///
    /// - Parameter onActivate: Runs in this process when the app is launched again while it runs
    ///   (bring its window to the front).
    /// - Returns: `true` when this process is the app's instance and shows its windows; `false` when
    ///   another process is: that one was asked to show itself, and this one should end.
    /// - Throws: ``GTKError`` of kind ``GTKError/Kind/registrationFailed`` when the session refused
    ///   the name.
    public func register(onActivate: @escaping @MainActor () -> Void) throws(GTKError) -> Bool {
      self.onActivate = onActivate
      connections.append(
        connectSignal(UnsafeMutableRawPointer(application), "activate") { [weak self] in self?.onActivate?() })
      var error: UnsafeMutablePointer<GError>?
      guard g_application_register(cgtk_g_application(application), nil, &error) != 0 else {
        let message = error.map { String(cString: $0.pointee.message) } ?? "the session refused it"
        if let error { g_error_free(error) }
        throw GTKError(.registrationFailed, "could not register \(id): \(message)")
      }
      guard g_application_get_is_remote(cgtk_g_application(application)) != 0 else { return true }
      g_application_activate(cgtk_g_application(application))
      if let connection = g_application_get_dbus_connection(cgtk_g_application(application)) {
        _ = g_dbus_connection_flush_sync(connection, nil, nil)
      }
      return false
    }

    isolated deinit {
      for connection in connections where g_signal_handler_is_connected(connection.instance, connection.id) != 0 {
        g_signal_handler_disconnect(connection.instance, connection.id)
      }
      g_object_unref(application)
    }
  }
#endif
