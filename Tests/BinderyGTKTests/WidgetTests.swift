#if GTK
  import Bindery
  import BinderyControls
  import BinderyGTK
  import PersonEditorKit
  import CGTK
  import Foundation
  import Testing

  /// A settings model for the widget tests.
  @KeyValueObservable
  final class Settings {
    var name = "Ada"
    var password = "secret"
    var isOn = false
    var volume = 0.25
    var count = 3.0
    var flavor: Int? = 1
    var isLocked = false
    var isReady = true
    var isAdvanced = false
    var isHiddenByAdmin = false
    var notes = "First line\nSecond line"
  }

  /// Each GTK widget against its headless control: the model shows in the widget, and GTK's own
  /// input signals (what a user's click, drag or choice emits) write the model.
  extension GTKSuites {
    @MainActor
    @Suite
    struct WidgetTests {
      let settings = Settings()
      let bindings = BindingSet()
      let writeBacks = WriteBackCounter()

      init() {
        bindings.delegate = writeBacks
      }

      func window(
        _ controls: [AnyObject], names: [String: AnyObject] = [:],
        styled: [(control: AnyObject, style: ControlStyle)] = []
      )
        throws -> GTKWindowHost
      {
        let host = try GTKWindowHost(
          title: uniqueTitle("Widgets"), root: Panel(title: "Settings", subviews: controls), names: names,
          styled: styled, bindings: bindings)
        host.present()
        return host
      }

      @Test func anEntryShowsTheModelAndGTKEditsWriteItBack() async throws {
        let field = HeadlessTextField(placeholder: "Name")
        field.bind(\.text, to: settings, \.name).store(in: bindings)
        let host = try window([field])
        defer { host.close() }
        let entry = try #require(host.widget(for: field))
        #expect(entryText(entry) == "Ada")
        #expect(gtk_entry_get_placeholder_text(cgtk_entry(entry)).map { String(cString: $0) } == "Name")

        // Emits changed twice (the old text removed, then the new inserted): one user edit.
        gtk_editable_set_text(cgtk_editable(entry), "Grace")

        #expect(await settle { settings.name == "Grace" })
        #expect(writeBacks.count == 1)
        settings.name = "Linus"
        #expect(await settle { entryText(entry) == "Linus" })
        await settleBriefly()
        #expect(writeBacks.count == 1)  // the entry set from the model reported no edit
      }

      @Test func aSecureFieldIsAPasswordEntry() async throws {
        let field = HeadlessTextField()
        field.bind(\.text, to: settings, \.password).store(in: bindings)
        let host = try window([field], styled: [(field, .secure)])
        defer { host.close() }
        let entry = try #require(host.widget(for: field))
        #expect(
          String(cString: g_type_name_from_instance(UnsafeMutablePointer(OpaquePointer(entry)))) == "GtkPasswordEntry")
        #expect(entryText(entry) == "secret")
        gtk_editable_set_text(cgtk_editable(entry), "hunter2")
        #expect(await settle { settings.password == "hunter2" })
      }

      @Test func aMultilineFieldIsATextViewWhoseLinesGoBothWaysAndWhoseTabMovesTheFocus() async throws {
        let field = HeadlessTextField()
        field.bind(\.text, to: settings, \.notes).store(in: bindings)
        let host = try window([field], styled: [(field, .multiline)])
        defer { host.close() }
        let view = try #require(host.widget(for: field))
        #expect(String(cString: g_type_name_from_instance(UnsafeMutablePointer(OpaquePointer(view)))) == "GtkTextView")
        let buffer = gtk_text_view_get_buffer(cgtk_text_view(view))
        #expect(textViewText(view) == "First line\nSecond line")
        #expect(gtk_text_view_get_accepts_tab(cgtk_text_view(view)) == 0)

        gtk_text_buffer_set_text(buffer, "One\nTwo\nThree", -1)

        #expect(await settle { settings.notes == "One\nTwo\nThree" })
        #expect(writeBacks.count == 1)
        settings.notes = "Changed elsewhere"
        #expect(await settle { textViewText(view) == "Changed elsewhere" })
        await settleBriefly()
        #expect(writeBacks.count == 1)  // the view set from the model reported no edit
      }

      @Test func aTextViewWithAnOnCommitBindingWritesWhenItsEditingEnds() async throws {
        let field = HeadlessTextField()
        field.bind(\.text, to: settings, \.notes, options: BindingOptions(updatesContinuously: false)).store(
          in: bindings)
        let host = try window([field], styled: [(field, .multiline)])
        let view = try #require(host.widget(for: field))

        gtk_text_buffer_set_text(gtk_text_view_get_buffer(cgtk_text_view(view)), "Draft\nof two lines", -1)
        await settleBriefly()
        #expect(settings.notes == "First line\nSecond line", "Return is a new line: nothing is written while typing")

        host.close()  // ends the editing under way

        #expect(settings.notes == "Draft\nof two lines")
      }

      @Test func aSwitchAndACheckboxFollowTheModelBothWays() async throws {
        let toggle = HeadlessSwitch()
        let box = HeadlessSwitch()
        toggle.bind(\.isOn, to: settings, \.isOn).store(in: bindings)
        box.bind(\.isOn, to: settings, \.isAdvanced).store(in: bindings)
        let host = try window([toggle, box], styled: [(box, .checkbox)])
        defer { host.close() }
        let gtkSwitch = try #require(host.widget(for: toggle))
        let check = try #require(host.widget(for: box))

        gtk_switch_set_active(cgtk_switch(gtkSwitch), 1)
        gtk_check_button_set_active(cgtk_check_button(check), 1)

        #expect(settings.isOn)
        #expect(settings.isAdvanced)
        settings.isOn = false
        settings.isAdvanced = false
        #expect(await settle { gtk_switch_get_active(cgtk_switch(gtkSwitch)) == 0 })
        #expect(await settle { gtk_check_button_get_active(cgtk_check_button(check)) == 0 })
        #expect(writeBacks.count == 2)
      }

      @Test func aScaleAndASpinButtonFollowTheModelBothWays() async throws {
        let slider = HeadlessSlider(value: 0, minimumValue: 0, maximumValue: 1)
        let stepper = HeadlessStepper(value: 0, minimumValue: 0, maximumValue: 10, increment: 1)
        slider.bind(\.value, to: settings, \.volume).store(in: bindings)
        stepper.bind(\.value, to: settings, \.count).store(in: bindings)
        let host = try window([slider, stepper])
        defer { host.close() }
        let scale = try #require(host.widget(for: slider))
        let spin = try #require(host.widget(for: stepper))
        #expect(gtk_range_get_value(cgtk_range(scale)) == 0.25)
        #expect(gtk_spin_button_get_value(cgtk_spin_button(spin)) == 3)

        gtk_range_set_value(cgtk_range(scale), 0.75)
        gtk_spin_button_spin(cgtk_spin_button(spin), GTK_SPIN_STEP_FORWARD, 1)

        #expect(settings.volume == 0.75)
        #expect(settings.count == 4)
        settings.count = 9
        #expect(await settle { gtk_spin_button_get_value(cgtk_spin_button(spin)) == 9 })
        #expect(writeBacks.count == 2)
      }

      @Test func aSpinButtonShowsEveryDecimalItsValueHasSoLeavingItWritesNothing() async throws {
        let stepper = HeadlessStepper(value: 0, minimumValue: 0, maximumValue: 10, increment: 0.125)
        stepper.bind(\.value, to: settings, \.count).store(in: bindings)
        settings.count = 2.375
        let host = try window([stepper])
        defer { host.close() }
        let spin = try #require(host.widget(for: stepper))
        #expect(await settle { gtk_spin_button_get_value(cgtk_spin_button(spin)) == 2.375 })

        gtk_spin_button_update(cgtk_spin_button(spin))  // what leaving it does: reads the shown text back

        #expect(settings.count == 2.375)
        #expect(writeBacks.count == 0)
      }

      @Test func anEmptyOrInvertedRangeShowsWithoutFailing() async throws {
        let slider = HeadlessSlider(value: 5, minimumValue: 5, maximumValue: 5)
        let inverted = HeadlessSlider(value: 1, minimumValue: 10, maximumValue: 2)
        let stepper = HeadlessStepper(value: 3, minimumValue: 8, maximumValue: 4, increment: 0)
        let host = try window([slider, inverted, stepper])
        defer { host.close() }
        let scale = try #require(host.widget(for: slider))
        #expect(gtk_range_get_value(cgtk_range(scale)) == 5)
        #expect(host.widget(for: inverted) != nil)
        #expect(host.widget(for: stepper) != nil)

        slider.maximumValue = 50
        #expect(await settle { gtk_adjustment_get_upper(gtk_range_get_adjustment(cgtk_range(scale))) == 50 })
      }

      @Test func aDropDownShowsTheItemsAndItsChoiceSelects() async throws {
        let popUp = HeadlessPopUpButton(items: ["Vanilla", "Chocolate", "Mint"])
        popUp.bind(\.selectedIndex, to: settings, \.flavor).store(in: bindings)
        let host = try window([popUp])
        defer { host.close() }
        let dropDown = try #require(host.widget(for: popUp))
        #expect(gtk_drop_down_get_selected(cgtk_drop_down(dropDown)) == 1)

        gtk_drop_down_set_selected(cgtk_drop_down(dropDown), 2)

        #expect(settings.flavor == 2)
        popUp.items = ["Vanilla", "Chocolate", "Mint", "Lemon"]
        settings.flavor = 3
        #expect(await settle { gtk_drop_down_get_selected(cgtk_drop_down(dropDown)) == 3 })
        let model = gtk_drop_down_get_model(cgtk_drop_down(dropDown))
        #expect(g_list_model_get_n_items(model) == 4)
        settings.flavor = nil
        #expect(await settle { gtk_drop_down_get_selected(cgtk_drop_down(dropDown)) == guint.max })  // no item
        #expect(writeBacks.count == 1)
      }

      @Test func aButtonClickRunsItsActionAndItsEnabledBindingsCombineWithAnd() async throws {
        var taps = 0
        let button = HeadlessButton(title: "Go") { taps += 1 }
        button.bind(\.isEnabled, to: settings, \.isReady).store(in: bindings)
        button.bind(\.isEnabled, to: .keyPath(settings, \.isLocked, converted: NegateBooleanTransformer()))
          .store(in: bindings)
        let host = try window([button])
        defer { host.close() }
        let widget = try #require(host.widget(for: button))
        #expect(isSensitive(widget) == true)

        gtk_widget_activate(widget)  // Return or Space on the focused button: a click, shown pressed for a moment
        #expect(await settle { taps == 1 })

        settings.isLocked = true
        #expect(await settle { isSensitive(widget) == false })
        gtk_widget_activate(widget)
        await settle(timeout: .milliseconds(500))
        #expect(taps == 1)
        settings.isLocked = false
        settings.isReady = false
        await settleBriefly()
        #expect(isSensitive(widget) == false)
        settings.isReady = true
        #expect(await settle { isSensitive(widget) == true })
      }

      @Test func hiddenBindingsCombineWithOr() async throws {
        let label = HeadlessLabel(text: "Advanced")
        label.bind(\.isHidden, to: .keyPath(settings, \.isAdvanced, converted: NegateBooleanTransformer()))
          .store(in: bindings)
        label.bind(\.isHidden, to: settings, \.isHiddenByAdmin).store(in: bindings)
        let host = try window([label])
        defer { host.close() }
        let widget = try #require(host.widget(for: label))
        #expect(gtk_widget_get_visible(widget) == 0)

        settings.isAdvanced = true
        #expect(await settle { gtk_widget_get_visible(widget) != 0 })
        settings.isHiddenByAdmin = true
        #expect(await settle { gtk_widget_get_visible(widget) == 0 })
      }

      @Test func aFieldLabelApartFromItsFieldNamesItForMnemonicsAndAssistiveTechnologies() async throws {
        let field = HeadlessTextField()
        let label = FieldLabel(text: "Name", target: field)
        let host = try window([label, HeadlessLabel(text: "between"), field])
        defer { host.close() }
        let labelWidget = try #require(host.widget(for: label))
        let entry = try #require(host.widget(for: field))
        #expect(labelText(labelWidget) == "Name")
        #expect(gtk_label_get_mnemonic_widget(cgtk_label(labelWidget)) == entry)
      }

      @Test func aFieldLabelJustBeforeItsFieldInAColumnTitlesTheFieldsRow() async throws {
        let field = HeadlessTextField()
        let label = FieldLabel(text: "Name", target: field)
        let pin = HeadlessTextField()
        let pinLabel = FieldLabel(text: "PIN", target: pin)
        let host = try window([label, field, pinLabel, pin], styled: [(pin, .number)])
        defer { host.close() }
        let entry = try #require(host.widget(for: field))
        #expect(host.widget(for: label) == entry, "the label is the row's title, not a widget of its own")
        let entryRow = try #require(actionRow(of: entry))
        #expect(rowTitle(entryRow) == "Name")

        label.text = "Full name"
        #expect(await settle { rowTitle(entryRow) == "Full name" })
        field.text = "Ada"
        #expect(await settle { entryText(entry) == "Ada" })

        let spin = try #require(host.widget(for: pin))
        #expect(cgtk_is_spin_button(spin) != 0)
        #expect(actionRow(of: spin).map(rowTitle) == "PIN")
      }

      /// The title of an `AdwPreferencesRow`.
      private func rowTitle(_ row: UnsafeMutablePointer<GtkWidget>) -> String? {
        adw_preferences_row_get_title(cgtk_adw_preferences_row(row)).map { String(cString: $0) }
      }

      /// The `AdwActionRow` around `widget`.
      private func actionRow(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var current = gtk_widget_get_parent(widget)
        while let node = current {
          if cgtk_type_is_a(cgtk_object_type(UnsafeMutableRawPointer(node)), adw_action_row_get_type()) != 0 {
            return node
          }
          current = gtk_widget_get_parent(node)
        }
        return nil
      }

      @Test func aChangeMadeOnAnotherThreadReachesTheWidgetOnTheMainActor() async throws {
        let field = HeadlessTextField()
        field.bind(\.text, to: settings, \.name).store(in: bindings)
        let host = try window([field])
        defer { host.close() }
        let entry = try #require(host.widget(for: field))
        let model = UncheckedSettings(settings)

        await Task.detached { model.settings.name = "Written elsewhere" }.value

        #expect(await settle { entryText(entry) == "Written elsewhere" })
      }
    }
  }

  /// The settings, handed to another thread on purpose (the model is safe to change from any thread).
  struct UncheckedSettings: @unchecked Sendable {
    let settings: Settings
    init(_ settings: Settings) { self.settings = settings }
  }
#endif
