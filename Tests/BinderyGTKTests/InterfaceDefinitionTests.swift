#if GTK
  import Bindery
  import BinderyGTK
  import BinderySpec
  import CGTK
  import Foundation
  import Testing

  /// A definition file binds a `.ui` file's widgets, named by their ids, to a model.
  extension GTKSuites {
    @MainActor
    @Suite
    struct InterfaceDefinitionTests {
      let gauges = Gauges()

      @Test func aDefinitionFileBindsAUIFilesWidgetsByIdBothWays() async throws {
        let ui = try GTKInterface(xml: personUI, file: "Person.ui")
        let window = try ui.widget("window")
        defer { gtk_window_destroy(cgtk_window(window)) }
        let definitions = try BindingSetDefinition(
          yaml: """
            bindings:
            - source: self
              sourceKeyPath: note
              target: nameEntry
              targetKeyPath: text
            - source: self
              sourceKeyPath: age
              target: ageSpin
              targetKeyPath: value
            """, file: "Person.bindings.yaml")

        let bindings = try ui.bind(definitions, owner: gauges)

        #expect(bindings.boundCount == 2)
        let entry = try ui.widget("nameEntry")
        let spin = try ui.widget("ageSpin")
        #expect(await settle { entryText(entry) == "Hello" && gtk_spin_button_get_value(cgtk_spin_button(spin)) == 36 })
        gtk_editable_set_text(cgtk_editable(entry), "Grace")
        gtk_spin_button_set_value(cgtk_spin_button(spin), 85)
        #expect(await settle { gauges.note == "Grace" && gauges.age == 85 })
      }

      @Test func anIdOrAPropertyTheUIFileDoesNotHaveIsAnErrorAtItsPlaceAndNothingBinds() throws {
        let ui = try GTKInterface(xml: personUI, file: "Person.ui")
        defer { if let window = try? ui.widget("window") { gtk_window_destroy(cgtk_window(window)) } }
        let definitions = try BindingSetDefinition(
          yaml: """
            bindings:
            - source: self
              sourceKeyPath: note
              target: nameEntry
              targetKeyPath: text
            - source: self
              sourceKeyPath: age
              target: ageSpinner
              targetKeyPath: value
            - source: self
              sourceKeyPath: age
              target: ageSpin
              targetKeyPath: valeu
            """, file: "Person.bindings.yaml")
        let before = gauges.keyValueRegistrar.observerCount

        let error = #expect(throws: SpecLoadError.self) { try ui.bind(definitions, owner: gauges) }

        #expect(error?.errors.map(\.line) == [8, 13])
        #expect(error?.errors.map(\.kind) == [.unknownReference, .unknownKey])
        #expect(error?.errors.first?.message.contains("ageSpinner") == true)
        #expect(gauges.keyValueRegistrar.observerCount == before)
      }
    }
  }
#endif
