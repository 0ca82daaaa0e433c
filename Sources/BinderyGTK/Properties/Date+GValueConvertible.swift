#if GTK
  public import CGTK
  public import Foundation

  extension Date: GValueConvertible {
    /// `GDateTime`.
    public static func converts(_ type: GType) -> Bool { cgtk_type_is_a(type, cgtk_type_date_time()) != 0 }

    /// The moment a `GDateTime` names (its time zone is left behind); `nil` for none.
    public init?(gValue: UnsafePointer<GValue>) {
      guard let boxed = g_value_get_boxed(gValue) else { return nil }
      let dateTime = OpaquePointer(boxed)
      let seconds = g_date_time_to_unix(dateTime)
      let microseconds = g_date_time_get_microsecond(dateTime)
      self.init(timeIntervalSince1970: Double(seconds) + Double(microseconds) / 1_000_000)
    }

    /// Stores the moment as a `GDateTime` in the local time zone (what GTK's widgets show), to the
    /// microsecond; `false` for a moment `GDateTime` cannot hold (before year 1 or after 9999).
    public func store(in gValue: UnsafeMutablePointer<GValue>) -> Bool {
      let interval = timeIntervalSince1970
      guard interval.isFinite, abs(interval) < 4e11 else { return false }
      let seconds = interval.rounded(.down)
      let microseconds = ((interval - seconds) * 1_000_000).rounded()
      guard let whole = g_date_time_new_from_unix_local(gint64(seconds)) else { return false }
      defer { g_date_time_unref(whole) }
      guard let dateTime = g_date_time_add(whole, GTimeSpan(microseconds)) else { return false }
      g_value_take_boxed(gValue, UnsafeRawPointer(dateTime))
      return true
    }
  }
#endif
