#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A date picker as a `GtkCalendar`: the picked day (in the picker's time zone), enabled and
  /// hidden; a day the user selects is the picker's user edit (clamped to its range, the calendar
  /// then showing the clamped day). A picker without a date shows the calendar's own day.
  final class CalendarMirror: WidgetMirror {
    let picker: HeadlessDatePicker

    init(_ picker: HeadlessDatePicker) {
      self.picker = picker
      super.init(widget: gtk_calendar_new())
      gtk_widget_set_halign(widget, GTK_ALIGN_START)
      follow(picker, \.dateValue)
      follow(picker, \.timeZone)
      follow(picker, \.isEnabled)
      follow(picker, \.isHidden)
      refresh()
      on("day-selected") { [weak self] in self?.userDidSelectDay() }
    }

    /// The day the calendar shows, as `yyyy-MM-dd`.
    var shownDay: String {
      guard let date = gtk_calendar_get_date(cgtk_calendar(widget)) else { return "" }
      defer { g_date_time_unref(date) }
      func padded(_ number: Int32, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
      }
      let year = padded(g_date_time_get_year(date), 4)
      return "\(year)-\(padded(g_date_time_get_month(date), 2))-\(padded(g_date_time_get_day_of_month(date), 2))"
    }

    override func update() {
      let day = picker.day
      if !day.isEmpty, day != shownDay {
        let parts = day.split(separator: "-").compactMap { Int32($0) }
        if parts.count == 3, let date = g_date_time_new_utc(parts[0], parts[1], parts[2], 12, 0, 0) {
          settingWidget { gtk_calendar_select_day(cgtk_calendar(widget), date) }
          g_date_time_unref(date)
        }
      }
      apply(enabled: picker.isEnabled, hidden: picker.isHidden)
    }

    private func userDidSelectDay() {
      let day = shownDay
      guard day != picker.day else { return }
      picker.userDidPick(day: day)
      refresh()
    }
  }
#endif
