#if GTK
  import Bindery
  import BinderyExpressions
  import BinderyGTK
  import CGTK
  import Foundation
  import Testing

  /// Any GObject property of any widget, bound by name to a model: GTK's own API (what a user's
  /// input calls) writes the model, the model sets the widget without an echo.
  extension GTKSuites {
    @MainActor
    @Suite
    struct GObjectPropertyTests {
      let gauges = Gauges()
      let bindings = BindingSet()
      let writeBacks = WriteBackCounter()

      init() throws {
        try GTKMainLoop.start()
        bindings.delegate = writeBacks
      }

      @Test func aSpinButtonsValueBindsBothWaysWithoutAnEcho() async throws {
        let spin = owned(gtk_spin_button_new_with_range(0, 150, 1))
        defer { g_object_unref(spin) }
        try GObjectProperty(spin, "value", as: Double.self).bind(\.value, to: gauges, \.age).store(in: bindings)
        #expect(await settle { gtk_spin_button_get_value(cgtk_spin_button(spin)) == 36 })

        gtk_spin_button_set_value(cgtk_spin_button(spin), 42)

        #expect(await settle { gauges.age == 42 })
        #expect(writeBacks.count == 1)
        gauges.age = 50
        #expect(await settle { gtk_spin_button_get_value(cgtk_spin_button(spin)) == 50 })
        await settleBriefly()
        #expect(writeBacks.count == 1)  // set from the model: no user edit
        #expect(gauges.age == 50)
      }

      @Test func aProgressBarsFractionAndALevelBarsValueFollowTheModelAndWriteItBack() async throws {
        let bar = owned(gtk_progress_bar_new())
        let level = owned(gtk_level_bar_new_for_interval(0, 10))
        defer {
          g_object_unref(bar)
          g_object_unref(level)
        }
        try GObjectProperty(bar, "fraction", as: Double.self).bind(\.value, to: gauges, \.progress).store(in: bindings)
        try GObjectProperty(level, "value", as: Double.self).bind(\.value, to: gauges, \.level).store(in: bindings)
        #expect(await settle { gtk_progress_bar_get_fraction(OpaquePointer(bar)) == 0.25 })
        #expect(await settle { gtk_level_bar_get_value(OpaquePointer(level)) == 2 })

        gauges.progress = 0.75
        gauges.level = 8
        #expect(await settle { gtk_progress_bar_get_fraction(OpaquePointer(bar)) == 0.75 })
        #expect(await settle { gtk_level_bar_get_value(OpaquePointer(level)) == 8 })

        gtk_level_bar_set_value(OpaquePointer(level), 3)
        #expect(await settle { gauges.level == 3 })
        #expect(writeBacks.count == 1)
      }

      @Test func aCalendarsDayBindsAsAnInteger() async throws {
        let calendar = owned(gtk_calendar_new())
        defer { g_object_unref(calendar) }
        try GObjectProperty(calendar, "day", as: Int.self).bind(\.value, to: gauges, \.day).store(in: bindings)
        #expect(await settle { shownDay(calendar) == 5 })

        let date = g_date_time_new_local(2024, 3, 20, 12, 0, 0)
        defer { g_date_time_unref(date) }
        gtk_calendar_select_day(OpaquePointer(calendar), date)

        #expect(await settle { gauges.day == 20 })
        gauges.day = 11
        #expect(await settle { shownDay(calendar) == 11 })
      }

      @Test func aTextViewsBufferTextBindsThroughTheBufferAsOneEditPerChange() async throws {
        let view = owned(gtk_text_view_new())
        defer { g_object_unref(view) }
        try GObjectProperty(view, "buffer.text", as: String.self).bind(\.value, to: gauges, \.note)
          .store(in: bindings)
        let buffer = try #require(gtk_text_view_get_buffer(UnsafeMutablePointer<GtkTextView>(OpaquePointer(view))))
        #expect(await settle { bufferText(buffer) == "Hello" })

        // Removes the old text, then inserts the new: two notifications, one edit.
        gtk_text_buffer_set_text(buffer, "Typed", -1)

        #expect(await settle { gauges.note == "Typed" })
        #expect(writeBacks.count == 1)
        gauges.note = "From the model"
        #expect(await settle { bufferText(buffer) == "From the model" })
        await settleBriefly()
        #expect(writeBacks.count == 1)
      }

      @Test func aColorButtonsRGBABindsAsAColor() async throws {
        let button = owned(gtk_color_button_new())
        defer { g_object_unref(button) }
        try GObjectProperty(button, "rgba", as: RGBAColor.self).bind(\.value, to: gauges, \.color).store(in: bindings)
        #expect(await settle { shownColor(button) == RGBAColor(red: 1, green: 0, blue: 0) })

        var blue = GdkRGBA(red: 0, green: 0, blue: 1, alpha: 0.5)
        gtk_color_chooser_set_rgba(OpaquePointer(button), &blue)

        #expect(await settle { gauges.color == RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.5) })
        gauges.color = RGBAColor(red: 0, green: 1, blue: 0)
        #expect(await settle { shownColor(button) == RGBAColor(red: 0, green: 1, blue: 0) })
      }

      @Test func anEnumBindsByNickOrByValue() async throws {
        let box = owned(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        defer { g_object_unref(box) }
        let byNick = try GObjectProperty(box, "orientation", as: String.self)
        #expect(byNick.value == "horizontal")
        byNick.bind(\.value, to: gauges, \.orientation).store(in: bindings)
        #expect(await settle { gtk_orientable_get_orientation(OpaquePointer(box)) == GTK_ORIENTATION_VERTICAL })
        let byValue = try GObjectProperty(box, "orientation", as: Int.self)
        #expect(byValue.value == Int(GTK_ORIENTATION_VERTICAL.rawValue))

        gtk_orientable_set_orientation(OpaquePointer(box), GTK_ORIENTATION_HORIZONTAL)
        #expect(await settle { gauges.orientation == "horizontal" })
        gauges.orientation = "diagonal"  // no such nick: the widget keeps what it shows
        await settleBriefly()
        #expect(gtk_orientable_get_orientation(OpaquePointer(box)) == GTK_ORIENTATION_HORIZONTAL)
      }

      @Test func aValueTheModelRefusesLeavesTheModelAndMarksTheWidget() async throws {
        let account = Account()
        let spin = owned(gtk_spin_button_new_with_range(-10, 10, 1))
        defer { g_object_unref(spin) }
        let amount = try GObjectProperty(spin, "value", as: Double.self)
        amount.bind(\.value, to: account, \.amount).store(in: bindings)

        gtk_spin_button_set_value(cgtk_spin_button(spin), -5)

        #expect(await settle { amount.validationError != nil })
        #expect(account.amount == 1)
        #expect(await settle { gtk_widget_has_css_class(spin, "error") != 0 })
        gtk_spin_button_set_value(cgtk_spin_button(spin), 4)
        #expect(await settle { account.amount == 4 })
        #expect(await settle { gtk_widget_has_css_class(spin, "error") == 0 })
        #expect(amount.validationError == nil)
      }

      @Test func aChangeOfTheModelOnAnotherThreadReachesTheWidgetOnTheMainActor() async throws {
        let bar = owned(gtk_progress_bar_new())
        defer { g_object_unref(bar) }
        try GObjectProperty(bar, "fraction", as: Double.self).bind(\.value, to: gauges, \.progress).store(in: bindings)
        let model = UncheckedGauges(gauges)

        await Task.detached { model.gauges.progress = 0.9 }.value

        #expect(await settle { gtk_progress_bar_get_fraction(OpaquePointer(bar)) == 0.9 })
        #expect(writeBacks.count == 0)
      }

      @Test func aPropertyThatIsNotThereOrOfAnotherTypeIsAnErrorWhenBound() throws {
        let bar = owned(gtk_progress_bar_new())
        defer { g_object_unref(bar) }
        #expect(kind { try GObjectProperty(bar, "fractoin", as: Double.self) } == .unknownProperty)
        #expect(kind { try GObjectProperty(bar, "fraction", as: String.self) } == .typeMismatch)
        #expect(kind { try GObjectProperty(bar, "fraction", as: RGBAColor.self) } == .typeMismatch)
        #expect(kind { try GObjectProperty(bar, "fraction.value", as: Double.self) } == .unreadableProperty)
        #expect(kind { try GObjectProperty(nil, "fraction", as: Double.self) } == .notAnObject)
        let error = #expect(throws: GTKError.self) { try GObjectProperty(bar, "fraction", as: Bool.self) }
        #expect(
          error?.description == "the property fraction of GtkProgressBar is a gdouble, which does not convert to Bool")
      }

      @Test func destroyingTheWidgetEndsItsBindingsAndTheBindingsKeepNoModel() async throws {
        let before = gauges.keyValueRegistrar.observerCount
        weak var property: GObjectProperty<Double>?
        weak var model: Gauges?
        let bar = owned(gtk_progress_bar_new())
        do {
          let made = try GObjectProperty(bar, "fraction", as: Double.self)
          made.bind(\.value, to: gauges, \.progress)
          property = made
          let other = Gauges()
          try GObjectProperty(bar, "show-text", as: Bool.self).bind(\.value, to: other, \.isOn)
          model = other
        }
        #expect(model == nil)  // the binding does not keep its model
        #expect(property != nil)  // the widget keeps its bound property
        #expect(gauges.keyValueRegistrar.observerCount > before)

        g_object_unref(bar)

        #expect(await settle { property == nil })
        #expect(gauges.keyValueRegistrar.observerCount == before)
        gauges.progress = 0.5  // nothing left to write to
      }

      @Test func aUIFilesWidgetsAreFoundByIdAndBindBothWays() async throws {
        let ui = try GTKInterface(xml: personUI, file: "Person.ui")
        let window = try ui.widget("window")
        defer { gtk_window_destroy(cgtk_window(window)) }
        try ui.property("nameEntry", "text", as: String.self).bind(\.value, to: gauges, \.note).store(in: bindings)
        try ui.property("ageSpin", "value", as: Double.self).bind(\.value, to: gauges, \.age).store(in: bindings)
        let entry = try ui.widget("nameEntry")
        let spin = try ui.widget("ageSpin")
        #expect(await settle { entryText(entry) == "Hello" })
        #expect(await settle { gtk_spin_button_get_value(cgtk_spin_button(spin)) == 36 })

        gtk_editable_set_text(cgtk_editable(entry), "Grace")
        gtk_spin_button_set_value(cgtk_spin_button(spin), 85)

        #expect(await settle { gauges.note == "Grace" && gauges.age == 85 })
        #expect(writeBacks.count == 2)
        gauges.note = "Ada"
        #expect(await settle { entryText(entry) == "Ada" })
      }

      @Test func closingAUIFilesWindowAndLettingTheInterfaceGoEndsItsBindings() async throws {
        let before = gauges.keyValueRegistrar.observerCount
        weak var property: GObjectProperty<String>?
        do {
          let ui = try GTKInterface(xml: personUI, file: "Person.ui")
          let made = try ui.property("nameEntry", "text", as: String.self)
          made.bind(\.value, to: gauges, \.note)
          property = made
          #expect(gauges.keyValueRegistrar.observerCount > before)
          gtk_window_destroy(cgtk_window(try ui.widget("window")))
        }
        #expect(await settle { property == nil })
        #expect(gauges.keyValueRegistrar.observerCount == before)
      }

      @Test func aUIFileWithoutTheIdOrWithAnotherKindOfObjectIsAnError() throws {
        let ui = try GTKInterface(xml: personUI, file: "Person.ui")
        defer { if let window = try? ui.widget("window") { gtk_window_destroy(cgtk_window(window)) } }
        #expect(kind { try ui.widget("ageSpinner") } == .unknownObject)
        #expect(kind { try ui.widget("ageRange") } == .unknownObject)  // an adjustment, not a widget
        #expect(kind { try ui.property("ageSpin", "valeu", as: Double.self) } == .unknownProperty)
        #expect((try? ui.object("ageRange")) != nil)
        #expect(kind { try ui.presentWindow("ageSpin") } == .unknownObject)  // a widget, not a window
      }

      @Test func aUIFilesWindowIsPresentedByIdAndClosedAsAUserWould() async throws {
        let ui = try GTKInterface(xml: personUI, file: "Person.ui")
        let window = try ui.widget("window")
        try ui.presentWindow("window")
        #expect(await settle { gtk_widget_get_mapped(window) != 0 })

        gtk_window_close(cgtk_window(window))  // the title bar's close button

        #expect(await settle { gtk_widget_get_mapped(window) == 0 })
      }

      @Test func aBadUIFileIsAnErrorWithItsPlace() throws {
        let xml = """
          <interface>
            <object class="GtkNoSuchWidget" id="broken"/>
          </interface>
          """
        let error = #expect(throws: GTKError.self) { try GTKInterface(xml: xml, file: "Broken.ui") }
        #expect(error?.kind == .invalidInterface)
        #expect(error?.file == "Broken.ui")
        #expect(error?.location?.line == 2)
        #expect(error?.description.hasPrefix("Broken.ui:2:") == true)
        #expect(kind { try GTKInterface(xml: "<interface><object></interface>", file: "Cut.ui") } == .invalidInterface)
        #expect(kind { try GTKInterface(contentsOf: "/nonexistent/Missing.ui") } == .invalidInterface)
      }

      @Test func aDateRoundTripsThroughAGDateTime() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        var value = GValue()
        g_value_init(&value, cgtk_type_date_time())
        defer { g_value_unset(&value) }
        #expect(Date.converts(cgtk_type_date_time()))
        #expect(!Date.converts(cgtk_type_string()))
        #expect(date.store(in: &value))
        #expect(Date(gValue: &value) == date)
      }
    }
  }

  /// A model of every kind of value the property tests bind.
  @KeyValueObservable
  final class Gauges {
    var age = 36.0
    var progress = 0.25
    var level = 2.0
    var day = 5
    var note = "Hello"
    var color = RGBAColor(red: 1, green: 0, blue: 0)
    var orientation = "vertical"
    var isOn = false
  }

  /// The gauges, handed to another thread on purpose (the model is safe to change from any thread).
  struct UncheckedGauges: @unchecked Sendable {
    let gauges: Gauges
    init(_ gauges: Gauges) { self.gauges = gauges }
  }

  /// A model that refuses negative amounts.
  @KeyValueObservable
  final class Account: KeyValueValidating {
    var amount = 1.0

    func validateValue(_ value: Any?, for keyPath: AnyKeyPath) throws {
      if keyPath == \Account.amount, let amount = value as? Double, amount < 0 { throw NegativeAmount() }
    }
  }

  /// An amount below zero.
  struct NegativeAmount: Error {}

  /// A window with a name and an age, as Cambalache writes it.
  let personUI = """
    <?xml version="1.0" encoding="UTF-8"?>
    <interface>
      <object class="GtkWindow" id="window">
        <property name="title">Person</property>
        <property name="child">
          <object class="GtkBox">
            <property name="orientation">vertical</property>
            <child>
              <object class="GtkEntry" id="nameEntry"/>
            </child>
            <child>
              <object class="GtkSpinButton" id="ageSpin">
                <property name="adjustment">
                  <object class="GtkAdjustment" id="ageRange">
                    <property name="upper">150</property>
                    <property name="step-increment">1</property>
                  </object>
                </property>
              </object>
            </child>
          </object>
        </property>
      </object>
    </interface>
    """

  /// The widget, owned by the test (its floating reference sunk).
  @MainActor
  private func owned(_ widget: UnsafeMutablePointer<GtkWidget>?) -> UnsafeMutablePointer<GtkWidget> {
    guard let widget else { preconditionFailure("GTK made no widget") }
    g_object_ref_sink(widget)
    return widget
  }

  /// The kind of the error `body` throws, or `nil` when it throws none.
  @MainActor
  private func kind<Result>(_ body: () throws -> Result) -> GTKError.Kind? {
    do {
      _ = try body()
      return nil
    } catch {
      return (error as? GTKError)?.kind
    }
  }

  @MainActor
  private func shownDay(_ calendar: UnsafeMutablePointer<GtkWidget>) -> Int {
    let date = gtk_calendar_get_date(OpaquePointer(calendar))
    defer { g_date_time_unref(date) }
    return Int(g_date_time_get_day_of_month(date))
  }

  @MainActor
  private func bufferText(_ buffer: UnsafeMutablePointer<GtkTextBuffer>) -> String {
    var start = GtkTextIter()
    var end = GtkTextIter()
    gtk_text_buffer_get_bounds(buffer, &start, &end)
    guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }

  @MainActor
  private func shownColor(_ button: UnsafeMutablePointer<GtkWidget>) -> RGBAColor {
    var rgba = GdkRGBA()
    gtk_color_chooser_get_rgba(OpaquePointer(button), &rgba)
    return RGBAColor(rgba)
  }
#endif
