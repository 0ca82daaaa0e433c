#if GTK
  /// Why GTK could not start or show a window.
  public struct GTKError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
      /// GTK found no display to open (no `DISPLAY` or `WAYLAND_DISPLAY`, or the server refused).
      case noDisplay
    }

    /// What went wrong.
    public let kind: Kind
    /// The reason, for a person.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
      self.kind = kind
      self.message = message
    }

    /// The reason, for a person.
    public var description: String { message }
  }
#endif
