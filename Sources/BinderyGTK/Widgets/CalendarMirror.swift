#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A date picker as GNOME apps show a date: a button that reads the picked day ("10 January 1927",
  /// a calendar icon beside it) and opens a popover of a `GtkCalendar`. It follows the picked day (in
  /// the picker's time zone), enabled and hidden; a day the user selects in the calendar (a click, or
  /// the arrow keys) is the picker's user edit, clamped to its range, the calendar and the button then
  /// showing the clamped day. A picker without a date reads "No date" and opens on today.
  ///
  /// The button is named by the picker's field label and described by the day it reads, so a screen
  /// reader says both; Escape or a click outside closes the popover.
  final class CalendarMirror: WidgetMirror {
    let picker: HeadlessDatePicker
    /// The calendar in the popover.
    let calendar: UnsafeMutablePointer<GtkWidget>
    /// The popover that holds the calendar.
    let popover: UnsafeMutablePointer<GtkWidget>
    private let dayLabel: UnsafeMutablePointer<GtkWidget>

    init(_ picker: HeadlessDatePicker) {
      self.picker = picker
      let menuButton = cgtk_menu_button_new_group()!
      let face = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
      dayLabel = gtk_label_new(nil)
      gtk_box_append(cgtk_box(face), dayLabel)
      gtk_box_append(cgtk_box(face), gtk_image_new_from_icon_name("x-office-calendar-symbolic"))
      gtk_menu_button_set_child(cgtk_menu_button(menuButton), face)
      calendar = gtk_calendar_new()
      // GTK 4.8 gives its calendar no role or name of its own: a screen reader reads "Calendar".
      cgtk_set_accessible_label(calendar, "Calendar")
      popover = gtk_popover_new()
      gtk_popover_set_child(cgtk_popover(popover), calendar)
      gtk_menu_button_set_popover(cgtk_menu_button(menuButton), popover)
      gtk_widget_set_halign(menuButton, GTK_ALIGN_START)
      // The menu button's own toggle button takes the focus: it is what a label names.
      let toggle = gtk_widget_get_first_child(menuButton) ?? menuButton
      super.init(widget: toggle, placed: menuButton)
      hold(calendar)
      follow(picker, \.dateValue)
      follow(picker, \.timeZone)
      follow(picker, \.isEnabled)
      follow(picker, \.isHidden)
      refresh()
      on("day-selected", of: UnsafeMutableRawPointer(calendar)) { [weak self] in self?.userDidSelectDay() }
    }

    /// The day the calendar shows, as `yyyy-MM-dd`.
    var shownDay: String {
      guard let date = gtk_calendar_get_date(cgtk_calendar(calendar)) else { return "" }
      defer { g_date_time_unref(date) }
      func padded(_ number: Int32, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
      }
      let year = padded(g_date_time_get_year(date), 4)
      return "\(year)-\(padded(g_date_time_get_month(date), 2))-\(padded(g_date_time_get_day_of_month(date), 2))"
    }

    /// What the button reads: the picked day in words, or "No date".
    var buttonText: String { String(gtk: gtk_label_get_text(cgtk_label(dayLabel))) }

    override func update() {
      let day = picker.day
      var words = "No date"
      let parts = day.split(separator: "-").compactMap { Int32($0) }
      if parts.count == 3, let date = g_date_time_new_utc(parts[0], parts[1], parts[2], 12, 0, 0) {
        if day != shownDay { settingWidget { gtk_calendar_select_day(cgtk_calendar(calendar), date) } }
        if let formatted = g_date_time_format(date, "%-d %B %Y") {
          words = String(cString: formatted)
          g_free(formatted)
        }
        g_date_time_unref(date)
      }
      if buttonText != words {
        show(words, in: dayLabel)
        cgtk_set_described_by(widget, dayLabel, words)
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
