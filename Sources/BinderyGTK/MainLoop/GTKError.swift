#if GTK
  public import Bindery

  /// Why GTK could not start or show a window, register an app, load a `.ui` file, or bind a property of
  /// an object.
  public struct GTKError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
      /// GTK found no display to open (no `DISPLAY` or `WAYLAND_DISPLAY`, or the server refused).
      case noDisplay
      /// What was given as an object is not a GObject (a null pointer, or something else).
      case notAnObject
      /// The object's class has no property of that name.
      case unknownProperty
      /// The property cannot be read, or cannot be followed (a hop of `buffer.text` that is not an object).
      case unreadableProperty
      /// The property's type, as GObject's type system says it, does not convert to the Swift type asked for.
      case typeMismatch
      /// GtkBuilder could not read the `.ui` text or file; ``GTKError/location`` says where.
      case invalidInterface
      /// A `.ui` file has no object of that id, or it is not of the kind asked for (a widget).
      case unknownObject
      /// An application id that the desktop does not accept (``GTKApplication``).
      case invalidApplicationID
      /// The desktop session refused to register the app.
      case registrationFailed
    }

    /// What went wrong.
    public let kind: Kind
    /// The reason, for a person.
    public let message: String
    /// Where in a `.ui` file the problem is, when GTK says so.
    public let location: TextPosition?
    /// The `.ui` file (or the name given to `.ui` text) the problem is in, when there is one.
    public let file: String?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
      self.init(kind, message, file: nil, location: nil)
    }

    /// Creates an error at a place of a `.ui` file.
    public init(_ kind: Kind, _ message: String, file: String?, location: TextPosition?) {
      self.kind = kind
      self.message = message
      self.file = file
      self.location = location
    }

    /// The reason, for a person, after the file and place when there are some (`main.ui:3:5: …`).
    public var description: String {
      switch (file, location) {
      case (let file?, let location?): "\(file):\(location): \(message)"
      case (let file?, nil): "\(file): \(message)"
      case (nil, let location?): "\(location): \(message)"
      case (nil, nil): message
      }
    }
  }
#endif
