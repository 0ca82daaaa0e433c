#if GTK
  import Bindery
  import BinderyControls
  import BinderyScreens
  import BinderyGTK
  import PersonEditorKit
  import CGTK
  import Foundation
  import Testing

  /// Closing a window ends its bindings and releases its widgets and controls.
  extension GTKSuites {
    @MainActor
    @Suite
    struct LifetimeTests {
      func observerCounts(_ controller: PeopleViewController) -> [Int] {
        [controller, controller.people as AnyObject].compactMap {
          ($0 as? any KeyValueObservable)?.keyValueRegistrar.observerCount
        }
          + controller.people.arrangedObjects.map { $0.keyValueRegistrar.observerCount }
      }

      func open(_ controller: PeopleViewController) throws -> (window: GTKWindowHost, screen: LoadedScreen) {
        let screen = try PersonEditorScreen.load(specPath: personEditorSpec, controller: controller) { _ in }
        let window = try GTKWindowHost(title: uniqueTitle("People"), screen: screen)
        window.present()
        return (window, screen)
      }

      @Test func closingAWindowUnbindsItsBindingsAndReleasesItsWidgetsAndControls() async throws {
        let controller = try PeopleViewController()
        let before = observerCounts(controller)
        let counter = FinalizationCounter()
        weak var field: HeadlessTextField?
        weak var host: GTKWindowHost?
        do {
          let (window, screen) = try open(controller)
          host = window
          field = screen.objects["FirstNameField"] as? HeadlessTextField
          #expect(field != nil)
          await settleBriefly()
          counter.watch(tree: try #require(window.window))
          #expect(counter.watched > 20)
          #expect(observerCounts(controller) != before)
          window.close()
          #expect(!window.isOpen)
          #expect(window.widget(named: "FirstNameField") == nil)
        }
        #expect(await settle { counter.count == counter.watched }, "still alive: \(counter.survivors)")
        #expect(host == nil)
        #expect(field == nil)
        // What GTK finalizes after the widgets (event controllers, list factories) may hold a binding
        // a few main-loop turns longer: the bindings must go, within the settling time.
        #expect(await settle { observerCounts(controller) == before })
        #expect(observerCounts(controller) == before)
        controller.people.content[0].firstName = "Still works"
        #expect(controller.people.content[0].fullName == "Still works Lovelace")
      }

      @Test func closingTheWindowAsAUserDoesEndsItsBindingsToo() async throws {
        let controller = try PeopleViewController()
        let before = observerCounts(controller)
        let counter = FinalizationCounter()
        var closed = false
        do {
          let window = try open(controller).window
          window.onClose = { closed = true }
          await settleBriefly()
          counter.watch(tree: try #require(window.window))
          gtk_window_close(cgtk_window(try #require(window.window)))  // what the title bar's close button does
        }
        #expect(await settle { counter.count == counter.watched }, "still alive: \(counter.survivors)")
        #expect(closed)
        #expect(await settle { observerCounts(controller) == before })
        #expect(observerCounts(controller) == before)
      }

      @Test func aWindowAnAppKeepsOpenOnCloseRequestKeepsItsBindings() async throws {
        let controller = try PeopleViewController()
        let window = try open(controller).window
        defer { window.close() }
        let gtkWindow = try #require(window.window)
        gtk_window_set_hide_on_close(cgtk_window(gtkWindow), 1)  // closing hides it instead

        gtk_window_close(cgtk_window(gtkWindow))
        await settleBriefly()

        #expect(window.isOpen)
        controller.people.content[0].firstName = "Still bound"
        #expect(await settle { entryText(window.widget(named: "FirstNameField")) == "Still bound" })
      }

      @Test func aWidgetIsHeldByItsParentAndItsMirrorWhileItsWindowIsOpen() async throws {
        let controller = try PeopleViewController()
        let window = try open(controller).window
        let field = try #require(window.widget(named: "FirstNameField"))
        let counter = FinalizationCounter()
        counter.watch(field)
        #expect(cgtk_ref_count(field) == 2)

        window.close()

        #expect(await settle { counter.count == 1 })
      }

      @Test func rowsThatLeaveTheListReleaseTheirWidgets() async throws {
        let controller = try PeopleViewController()
        let window = try open(controller).window
        defer { window.close() }
        let list = try #require(window.widget(named: "People"))
        #expect(await settle { listRows(list).count == 3 })
        let counter = FinalizationCounter()
        let firstRow = try #require(gtk_list_box_get_row_at_index(cgtk_list_box(list), 0))
        counter.watch(tree: cgtk_widget(firstRow))

        controller.people.select(indexes: [0])
        controller.people.remove()

        #expect(await settle { listRows(list).count == 2 })
        #expect(await settle { counter.count == counter.watched }, "still alive: \(counter.survivors)")
      }
    }
  }
#endif
