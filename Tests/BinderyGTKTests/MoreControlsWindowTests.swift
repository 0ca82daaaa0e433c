#if GTK
  import Bindery
  import BinderyControls
  import BinderyGTK
  import CGTK
  import Foundation
  import Testing

  /// A film as the window of the more controls shows it.
  @KeyValueObservable
  final class ReleasedFilm {
    var tab = "notes"
    var released: Date?
    var stars = 4.0
    var uploaded = 25.0
    var layout = 0
    var notes: String? = "Seen twice\nat the Odeon"
  }

  /// The date picker, the level and progress indicators and the segmented control in a window:
  /// the model shows in the widget, and GTK's own input signals write the model.
  extension GTKSuites {
    @MainActor
    @Suite
    struct MoreControlsWindowTests {
      let film = ReleasedFilm()
      let bindings = BindingSet()
      private let utc = TimeZone(identifier: "UTC")!

      func window(_ controls: [AnyObject]) throws -> GTKWindowHost {
        let host = try GTKWindowHost(
          title: uniqueTitle("More controls"), root: Panel(title: "Film", subviews: controls), bindings: bindings)
        host.present()
        return host
      }

      /// The widgets inside `widget`, in order.
      func children(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
          result.append(current)
          child = gtk_widget_get_next_sibling(current)
        }
        return result
      }

      @Test func aLevelBarAndAProgressBarShowTheModelsValues() async throws {
        let stars = HeadlessLevelIndicator(maxValue: 5, warningValue: 2, criticalValue: 1)
        let upload = HeadlessProgressIndicator()
        stars.bind(\.value, to: film, \.stars).store(in: bindings)
        upload.bind(\.value, to: film, \.uploaded).store(in: bindings)
        let host = try window([stars, upload])
        defer { host.close() }
        let bar = try #require(host.widget(for: stars))
        let progress = try #require(host.widget(for: upload))
        #expect(gtk_level_bar_get_value(cgtk_level_bar(bar)) == 4)
        #expect(gtk_level_bar_get_max_value(cgtk_level_bar(bar)) == 5)
        #expect(gtk_progress_bar_get_fraction(cgtk_progress_bar(progress)) == 0.25)
        film.stars = 1
        film.uploaded = 80
        #expect(await settle { gtk_level_bar_get_value(cgtk_level_bar(bar)) == 1 })
        #expect(gtk_widget_has_css_class(bar, "error") != 0, "a warning value above the critical: 1 is critical")
        #expect(await settle { gtk_progress_bar_get_fraction(cgtk_progress_bar(progress)) == 0.8 })
      }

      @Test func anEditableLevelIndicatorIsARowOfStarsReadAsRadioButtonsThatAClickOrAnArrowKeyRates() async throws {
        let rating = HeadlessLevelIndicator(maxValue: 5, warningValue: 2, criticalValue: 1)
        rating.isEditable = true
        rating.bind(\.value, to: film, \.stars).store(in: bindings)
        let title = uniqueTitle("Rating")
        let host = try GTKWindowHost(title: title, root: Panel(title: "Film", subviews: [rating]), bindings: bindings)
        host.present()
        defer { host.close() }
        let row = try #require(host.widget(for: rating))
        #expect(gtk_accessible_get_accessible_role(cgtk_accessible(row)) == GTK_ACCESSIBLE_ROLE_RADIO_GROUP)
        let stars = children(of: row)
        #expect(stars.count == 5)
        let roles = stars.map { gtk_accessible_get_accessible_role(cgtk_accessible($0)) }
        #expect(roles.allSatisfy { $0 == GTK_ACCESSIBLE_ROLE_RADIO })
        func lit() -> Int {
          stars.filter { gtk_button_get_icon_name(cgtk_button($0)).map { String(cString: $0) } == "starred-symbolic" }
            .count
        }
        #expect(lit() == 4)
        #expect(stars.map { gtk_widget_get_focusable($0) } == [0, 0, 0, 1, 0], "one Tab stop: the checked star")
        try await click(stars[1], ofWindowTitled: title)
        #expect(await settle { film.stars == 2 })
        #expect(lit() == 2)
        #expect(gtk_widget_has_css_class(row, "warning") != 0, "low values are the worry: 2 is the warning value")
        #expect(gtk_widget_has_focus(stars[1]) != 0, "the focus is on the checked star")
        try await xdotool(["key", "Right"])
        #expect(await settle { film.stars == 3 })
        try await xdotool(["key", "End"])
        #expect(await settle { film.stars == 5 && lit() == 5 })
        rating.isEditable = false
        try await click(stars[0], ofWindowTitled: title)
        try await xdotool(["key", "Left"])
        #expect(film.stars == 5, "not editable: the click and the key are refused")
        #expect(lit() == 5)
        rating.isEnabled = false
        #expect(await settle { gtk_widget_get_sensitive(row) == 0 })
      }

      @Test func aPictureShowsTheImagesBytesDescribedAndNothingForBytesThatAreNoImage() async throws {
        let svg =
          #"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="40">"#
          + #"<rect width="30" height="40"/></svg>"#
        let poster = HeadlessImageView()
        let host = try window([poster, HeadlessLabel(text: "Below")])
        defer { host.close() }
        let widget = try #require(host.widget(for: poster))
        let picture = cgtk_picture(widget)
        #expect(gtk_picture_get_paintable(picture) == nil)
        // An image that arrives once the window is shown takes its size in the window.
        poster.data = Data(svg.utf8)
        poster.accessibilityDescription = "Poster of Sunrise"
        #expect(await settle { gtk_picture_get_paintable(picture) != nil && gtk_widget_get_height(widget) == 40 })
        let shown = try #require(gtk_picture_get_paintable(picture), "GDK decoded the SVG image")
        #expect(gdk_paintable_get_intrinsic_width(shown) == 30)
        #expect(gtk_picture_get_alternative_text(picture).map { String(cString: $0) } == "Poster of Sunrise")
        poster.data = Data("not an image".utf8)
        #expect(await settle { gtk_picture_get_paintable(picture) == nil })
        #expect(
          gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } == "not a PNG, JPEG, GIF, WebP or SVG image")
        poster.valuePath = "/nonexistent/poster.png"
        #expect(
          await settle {
            gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } == "no file at /nonexistent/poster.png"
          })
      }

      @Test func aTextViewShowsItsLinesWritesTypingWhenEditingEndsAndTakesNoneWhileReadOnly() async throws {
        let notes = HeadlessTextView()
        notes.bind(\.text, to: film, \.notes, options: BindingOptions(updatesContinuously: false)).store(in: bindings)
        let host = try window([notes])
        let view = try #require(host.widget(for: notes))
        let textView = cgtk_text_view(view)
        let buffer = gtk_text_view_get_buffer(textView)
        #expect(String(cString: g_type_name_from_instance(UnsafeMutablePointer(OpaquePointer(view)))) == "GtkTextView")
        #expect(textViewText(view) == "Seen twice\nat the Odeon")
        #expect(gtk_text_view_get_editable(textView) == 1)

        notes.isEditable = false
        #expect(await settle { gtk_text_view_get_editable(textView) == 0 })
        #expect(gtk_widget_get_sensitive(view) == 1, "a read-only view can still be read and selected")
        gtk_text_buffer_set_text(buffer, "Typed anyway", -1)
        #expect(await settle { textViewText(view) == "Seen twice\nat the Odeon" }, "the typing is refused and undone")
        #expect(notes.text == "Seen twice\nat the Odeon")
        film.notes = "Loaded\nfrom the file"
        #expect(await settle { textViewText(view) == "Loaded\nfrom the file" })

        notes.isEditable = true
        #expect(await settle { gtk_text_view_get_editable(textView) == 1 })
        gtk_text_buffer_set_text(buffer, "Seen three times,\ntwice at the Odeon", -1)
        #expect(await settle { notes.text == "Seen three times,\ntwice at the Odeon" })
        #expect(film.notes == "Loaded\nfrom the file", "an on-commit binding writes when editing ends")
        host.close()  // ends the editing under way
        #expect(film.notes == "Seen three times,\ntwice at the Odeon")
      }

      @Test func aNotebookPageChosenWritesItsTabAndTheModelChoosesThePage() async throws {
        let tabs = HeadlessTabView(labels: ["Notes", "Screenings"], identifiers: ["notes", "screenings"])
        let notes = HeadlessLabel(text: "Seen twice")
        tabs.view.subviews = [notes, HeadlessTextView()]
        tabs.bind(\.selectedIdentifier, to: film, \.tab).store(in: bindings)
        let host = try window([tabs])
        defer { host.close() }
        let notebook = cgtk_notebook(try #require(host.widget(for: tabs)))
        #expect(gtk_notebook_get_n_pages(notebook) == 2)
        #expect(gtk_notebook_get_current_page(notebook) == 0)
        #expect(gtk_notebook_get_nth_page(notebook, 0) == host.widget(for: notes), "the first page shows the notes")
        #expect(gtk_notebook_get_nth_page(notebook, 1) != nil)
        film.tab = "screenings"
        #expect(await settle { gtk_notebook_get_current_page(notebook) == 1 })
        gtk_notebook_set_current_page(notebook, 0)  // as a click on the Notes tab does
        #expect(await settle { film.tab == "notes" })
        tabs.isEnabled = false
        gtk_notebook_set_current_page(notebook, 1)
        #expect(await settle { gtk_notebook_get_current_page(notebook) == 0 }, "refused while disabled: shown back")
        #expect(film.tab == "notes")
      }

      @Test func aSegmentClickedWritesItsTagAndTheModelActivatesItsSegment() async throws {
        let layout = HeadlessSegmentedControl(labels: ["List", "Grid", "Columns"], tags: [10, 20, 30])
        layout.bind(\.selectedTag, to: film, \.layout).store(in: bindings)
        film.layout = 30
        let host = try window([layout])
        defer { host.close() }
        let row = try #require(host.widget(for: layout))
        let buttons = children(of: row)
        #expect(buttons.count == 3)
        let labels = buttons.map { gtk_button_get_label(cgtk_button($0)).map { String(cString: $0) } }
        #expect(labels == ["List", "Grid", "Columns"])
        #expect(gtk_toggle_button_get_active(cgtk_toggle_button(buttons[2])) != 0)

        gtk_toggle_button_set_active(cgtk_toggle_button(buttons[1]), 1)  // what a click does

        #expect(film.layout == 20)
        #expect(gtk_toggle_button_get_active(cgtk_toggle_button(buttons[2])) == 0, "one segment at a time")
        film.layout = 10
        #expect(await settle { gtk_toggle_button_get_active(cgtk_toggle_button(buttons[0])) != 0 })
        layout.isEnabled = false
        #expect(await settle { gtk_widget_get_sensitive(row) == 0 })
      }

      @Test func aDatePickerIsAButtonReadingTheDayWhosePopoverCalendarWritesTheDayClampedToThePickersRange()
        async throws
      {
        let picker = HeadlessDatePicker(
          dateValue: HeadlessDatePicker.date(ofDay: "1977-05-25", in: utc),
          minDate: HeadlessDatePicker.date(ofDay: "1970-01-01", in: utc),
          maxDate: HeadlessDatePicker.date(ofDay: "1999-12-31", in: utc))
        picker.timeZone = utc
        picker.bind(\.dateValue, to: film, \.released).store(in: bindings)
        film.released = HeadlessDatePicker.date(ofDay: "1982-06-25", in: utc)
        let host = try window([picker])
        defer { host.close() }
        let button = try #require(host.widget(for: picker))
        let menuButton = try #require(gtk_widget_get_parent(button))
        let typeName = String(cString: g_type_name_from_instance(UnsafeMutablePointer(OpaquePointer(menuButton))))
        #expect(typeName == "GtkMenuButton")
        let popover = try #require(gtk_menu_button_get_popover(cgtk_menu_button(menuButton)))
        let calendar = try #require(gtk_popover_get_child(cgtk_popover(popover)))
        func shownDay() -> String {
          guard let date = gtk_calendar_get_date(cgtk_calendar(calendar)) else { return "" }
          defer { g_date_time_unref(date) }
          return "\(g_date_time_get_year(date))-\(g_date_time_get_month(date))-\(g_date_time_get_day_of_month(date))"
        }
        func buttonText() -> [String] {
          var texts: [String] = []
          var pending = [button]
          while let widget = pending.popLast() {
            if let text = labelText(widget) { texts.append(text) }
            var child = gtk_widget_get_last_child(widget)
            while let current = child {
              pending.append(current)
              child = gtk_widget_get_prev_sibling(current)
            }
          }
          return texts
        }
        #expect(shownDay() == "1982-6-25")
        #expect(buttonText() == ["25 June 1982"])
        gtk_menu_button_popup(cgtk_menu_button(menuButton))
        #expect(await settle { gtk_widget_get_mapped(calendar) != 0 }, "a click on the button shows the calendar")

        let chosen = try #require(g_date_time_new_utc(1990, 3, 4, 12, 0, 0))
        gtk_calendar_select_day(cgtk_calendar(calendar), chosen)  // what a click on a day does
        g_date_time_unref(chosen)
        #expect(film.released == HeadlessDatePicker.date(ofDay: "1990-03-04", in: utc))
        #expect(await settle { buttonText() == ["4 March 1990"] })

        let late = try #require(g_date_time_new_utc(2024, 1, 1, 12, 0, 0))
        gtk_calendar_select_day(cgtk_calendar(calendar), late)
        g_date_time_unref(late)
        #expect(film.released == HeadlessDatePicker.date(ofDay: "1999-12-31", in: utc))
        #expect(await settle { shownDay() == "1999-12-31" }, "the calendar shows the clamped day")
        #expect(buttonText() == ["31 December 1999"])
        film.released = nil
        #expect(await settle { buttonText() == ["No date"] })
        gtk_menu_button_popdown(cgtk_menu_button(menuButton))
      }
    }
  }
#endif
