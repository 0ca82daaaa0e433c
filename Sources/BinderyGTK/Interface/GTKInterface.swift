#if GTK
  import Bindery
  public import CGTK

  /// The objects of a GtkBuilder `.ui` file (what Cambalache or Glade saves, or XML written by hand),
  /// found by their ids to bind, as Cocoa binds the views of a nib.
  ///
  /// ```swift
  /// let ui = try GTKInterface(contentsOf: "Person.ui")
  /// let bindings = BindingSet()
  /// try ui.property("nameEntry", "text", as: String.self).bind(\.value, to: person, \.name).store(in: bindings)
  /// try ui.property("ageSpin", "value", as: Double.self).bind(\.value, to: person, \.age).store(in: bindings)
  /// try ui.presentWindow("window")
  /// GTKMainLoop.run()  // until the window closes
  /// ```
  ///
  /// Loading starts GTK (``GTKMainLoop/start()``). The interface keeps the file's objects as long as
  /// it lives; a window of the file stays until it is closed, as GTK keeps windows.
  @MainActor
  public final class GTKInterface {
    private let builder: OpaquePointer
    /// The ids of the windows ``presentWindow(_:)`` showed.
    private var presented: Set<String> = []
    /// The file the interface was read from, or the name given to its text, for errors.
    public let file: String

    /// Reads the `.ui` file at `path` and makes its objects.
    ///
    /// - Throws: ``GTKError`` of kind ``GTKError/Kind/invalidInterface`` with the place in the file
    ///   GTK reports, or ``GTKError/Kind/noDisplay`` when GTK cannot start.
    public convenience init(contentsOf path: String) throws(GTKError) {
      try self.init(file: path) { builder, error in gtk_builder_add_from_file(builder, path, &error) }
    }

    /// Reads `.ui` text (the XML of a GtkBuilder file) and makes its objects.
    ///
    /// - Parameters:
    ///   - xml: The interface's XML.
    ///   - file: A name for the text in errors.
    /// - Throws: ``GTKError`` of kind ``GTKError/Kind/invalidInterface`` with the place in the text
    ///   GTK reports, or ``GTKError/Kind/noDisplay`` when GTK cannot start.
    public convenience init(xml: String, file: String = "<ui>") throws(GTKError) {
      try self.init(file: file) { builder, error in gtk_builder_add_from_string(builder, xml, -1, &error) }
    }

    private init(
      file: String, add: (OpaquePointer, inout UnsafeMutablePointer<GError>?) -> gboolean
    ) throws(GTKError) {
      try GTKMainLoop.start()
      guard let builder = gtk_builder_new() else {
        throw GTKError(.invalidInterface, "GTK could not make a GtkBuilder", file: file, location: nil)
      }
      var error: UnsafeMutablePointer<GError>?
      guard add(builder, &error) != 0 else {
        let message = error.map { String(cString: $0.pointee.message) } ?? "GTK could not read the interface"
        if let error { g_error_free(error) }
        g_object_unref(UnsafeMutableRawPointer(builder))
        throw Self.locatedError(message, file: file)
      }
      self.builder = builder
      self.file = file
    }

    isolated deinit {
      g_object_unref(UnsafeMutableRawPointer(builder))
    }

    /// The object whose id is `id`.
    ///
    /// - Throws: ``GTKError`` of kind ``GTKError/Kind/unknownObject`` when the file has none.
    public func object(_ id: String) throws(GTKError) -> UnsafeMutableRawPointer {
      guard let object = gtk_builder_get_object(builder, id) else {
        throw GTKError(.unknownObject, "the interface has no object with the id \(id)", file: file, location: nil)
      }
      return UnsafeMutableRawPointer(object)
    }

    /// The widget whose id is `id`.
    ///
    /// - Throws: ``GTKError`` of kind ``GTKError/Kind/unknownObject`` when the file has no object of
    ///   that id, or it is not a widget.
    public func widget(_ id: String) throws(GTKError) -> UnsafeMutablePointer<GtkWidget> {
      let object = try object(id)
      guard cgtk_type_is_a(cgtk_object_type(object), cgtk_type_widget()) != 0 else {
        throw GTKError(
          .unknownObject, "the object \(id) is a \(String(cString: cgtk_object_type_name(object))), not a widget",
          file: file, location: nil)
      }
      return cgtk_widget(object)
    }

    /// Shows the window whose id is `id` and brings it to the front. Until the user closes it (or
    /// it is disposed), ``GTKMainLoop/run()`` goes on, as for a ``GTKWindowHost``'s window; a window
    /// closed in code with `gtk_window_destroy` stays until the interface goes (GtkBuilder keeps its
    /// objects), so call ``GTKMainLoop/quit()`` then.
    ///
    /// - Throws: ``GTKError`` of kind ``GTKError/Kind/unknownObject`` when the file has no window of
    ///   that id.
    public func presentWindow(_ id: String) throws(GTKError) {
      let window = try widget(id)
      guard cgtk_type_is_a(cgtk_object_type(window), cgtk_type_window()) != 0 else {
        throw GTKError(
          .unknownObject, "the object \(id) is a \(String(cString: cgtk_object_type_name(window))), not a window",
          file: file, location: nil)
      }
      if !presented.contains(id) {
        presented.insert(id)
        GTKMainLoop.openInterfaceWindows += 1
        // Closed by the user (unless a handler kept it open), or disposed: counted once.
        let closing = ClosingOnce {
          GTKMainLoop.openInterfaceWindows -= 1
          GTKMainLoop.windowDidClose(remaining: GTKWindowHost.openCount)
        }
        let pointer = UnsafeMutableRawPointer(window)
        _ = connectSignal(pointer, "close-request", shape: .afterOthers) { closing.run() }
        _ = connectSignal(pointer, "destroy") { closing.run() }
      }
      gtk_window_present(cgtk_window(window))
    }

    /// The property `name` of the object whose id is `id`, to bind (see ``GObjectProperty``).
    ///
    /// ```swift
    /// try ui.property("volume", "value", as: Double.self).bind(\.value, to: player, \.volume)
    /// ```
    ///
    /// - Throws: ``GTKError`` when the file has no such object, or the object no such property of a
    ///   type that converts to `Value`.
    public func property<Value: GValueConvertible>(
      _ id: String, _ name: String, as type: Value.Type = Value.self
    ) throws(GTKError) -> GObjectProperty<Value> {
      let object = try object(id)
      do {
        return try GObjectProperty(object, name, as: type)
      } catch {
        throw GTKError(error.kind, "\(id): \(error.message)", file: file, location: nil)
      }
    }

    /// GtkBuilder's message with its place (`<input>:3:25 Invalid object type…`) read as a location.
    private static func locatedError(_ message: String, file: String) -> GTKError {
      let parts = message.split(separator: " ", maxSplits: 1).map(String.init)
      let fields = parts.first?.split(separator: ":", omittingEmptySubsequences: false) ?? []
      guard parts.count == 2, fields.count >= 3, let line = Int(fields[fields.count - 2]),
        let column = Int(fields[fields.count - 1].trimmingSuffix(":"))
      else {
        return GTKError(.invalidInterface, message, file: file, location: nil)
      }
      return GTKError(
        .invalidInterface, parts[1], file: file, location: TextPosition(line: line, column: column, offset: -1))
    }
  }

  /// Runs its action the first time it is asked to.
  @MainActor
  private final class ClosingOnce {
    private var action: (() -> Void)?

    init(_ action: @escaping () -> Void) {
      self.action = action
    }

    func run() {
      let action = self.action
      self.action = nil
      action?()
    }
  }

  extension Substring {
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
      hasSuffix(suffix) ? dropLast(suffix.count) : self
    }
  }
#endif
