#if GTK
  import Bindery
  import BinderyControllers
  import BinderyControls
  import BinderyScreens
  import BinderyGTK
  import PersonEditorKit
  import CGTK
  import Foundation
  import Testing

  /// PersonEditor.spec.yaml as a GTK window, driven with the keyboard (xdotool) and read back
  /// through GTK's own widgets.
  extension GTKSuites {
    @MainActor
    @Suite(.enabled(if: hasXdotool, "needs xdotool"))
    struct PersonEditorWindowTests {
      /// One window of PersonEditor's spec file on `controller`.
      func open(_ controller: PeopleViewController, title: String) throws -> GTKWindowHost {
        try openWithPeople(controller, title: title).window
      }

      /// One window of PersonEditor's spec file on `controller`, and the window's own controller over
      /// the shared people (its selection).
      func openWithPeople(
        _ controller: PeopleViewController, title: String
      ) throws -> (window: GTKWindowHost, people: ArrayController<Person>) {
        try GTKMainLoop.start()
        let screen = try PersonEditorScreen.load(specPath: personEditorSpec, controller: controller) { controller in
          controller.isSaving = true
        }
        let people = try #require(screen.objects["PeopleController"] as? ArrayController<Person>)
        let window = try GTKWindowHost(title: title, screen: screen)
        window.present()
        return (window, people)
      }

      @Test func typingAFirstAndLastNameShowsTheFullNameInTheLabel() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        defer { window.close() }
        let first = try #require(window.widget(named: "FirstNameField"))
        let last = try #require(window.widget(named: "LastNameField"))
        let fullName = window.widget(named: "FullNameLabel")
        #expect(await settle { labelText(fullName) == "Ada Lovelace" })

        try await type("Grace", into: first, ofWindowTitled: title)
        try await type("Hopper", into: last, ofWindowTitled: title)

        #expect(await settle { labelText(fullName) == "Grace Hopper" })
        #expect(entryText(first) == "Grace")
        #expect(controller.people.content[0].fullName == "Grace Hopper")
      }

      @Test func aSecondWindowOnTheSameModelFollowsTheFirst() async throws {
        let controller = try PeopleViewController()
        let firstTitle = uniqueTitle("People")
        let one = try open(controller, title: firstTitle)
        let two = try open(controller, title: uniqueTitle("People"))
        defer {
          one.close()
          two.close()
        }
        let field = try #require(one.widget(named: "FirstNameField"))

        try await type("Augusta", into: field, ofWindowTitled: firstTitle)

        #expect(await settle { entryText(two.widget(named: "FirstNameField")) == "Augusta" })
        #expect(await settle { labelText(two.widget(named: "FullNameLabel")) == "Augusta Lovelace" })
        #expect(listRows(two.widget(named: "People")).first == ["Augusta Lovelace", "age 36"])
      }

      @Test func eachWindowTypesIntoThePersonItChoseWhileTheOtherChoosesAnother() async throws {
        let controller = try PeopleViewController()
        let firstTitle = uniqueTitle("People")
        let (one, onePeople) = try openWithPeople(controller, title: firstTitle)
        let (two, twoPeople) = try openWithPeople(controller, title: uniqueTitle("People"))
        defer {
          one.close()
          two.close()
        }
        let oneList = try #require(one.widget(named: "People"))
        #expect(await settle { listRows(oneList).count == 3 })
        // The first window chooses Alan (the windows overlap on the virtual screen, so by its controller).
        onePeople.select(indexes: [2])
        #expect(await settle { selectedRows(oneList) == [2] })
        let last = try #require(one.widget(named: "LastNameField"))
        #expect(await settle { entryText(last) == "Turing" })
        try await type("Turing-Hopper", into: last, ofWindowTitled: firstTitle)

        // The second window chooses Ada while the first one's field still has the focus.
        twoPeople.select(indexes: [0])
        #expect(await settle { entryText(two.widget(named: "LastNameField")) == "Lovelace" })
        try await xdotool(["type", "--delay", "15", "BB"])

        #expect(await settle { controller.people.content[2].lastName == "Turing-HopperBB" })
        #expect(controller.people.content.map(\.lastName) == ["Lovelace", "Hopper", "Turing-HopperBB"])
        #expect(onePeople.selectedObjects.map(\.firstName) == ["Alan"])
        #expect(entryText(last) == "Turing-HopperBB", "the caret stayed where the user typed")
        #expect(await settle { listRows(two.widget(named: "People")).last == ["Alan Turing-HopperBB", "age 41"] })
      }

      @Test func escapeInTheAgeFieldDropsWhatWasTypedAndItsError() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        defer { window.close() }
        let age = try #require(window.widget(named: "AgeField"))
        try await type("3b", into: age, ofWindowTitled: title, pressReturn: true)
        #expect(await settle { errorLine(of: age) != nil })

        try await xdotool(["key", "Escape"])

        #expect(await settle { entryText(age) == "36" })
        #expect(await settle { errorLine(of: age) == nil })
        #expect(gtk_widget_has_css_class(age, "error") == 0)
        try await xdotool(["key", "Tab"])
        await settleBriefly()
        #expect(controller.people.content[0].age == 36, "nothing was written")
      }

      @Test func addPutsTheKeyboardInTheNewPersonsFirstNameAndDeleteInTheListRemovesThem() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        defer { window.close() }
        let list = try #require(window.widget(named: "People"))
        let add = try #require(window.widget(named: "AddButton"))
        let first = try #require(window.widget(named: "FirstNameField"))
        #expect(await settle { listRows(list).count == 3 })

        try await focusWindow(titled: title, of: add)
        gtk_widget_grab_focus(add)
        try await xdotool(["key", "space"])  // Add, from the keyboard
        #expect(await settle { listRows(list).count == 4 })
        #expect(await settle { gtk_widget_has_focus(first) != 0 || isFocusWithin(first) })
        try await xdotool(["type", "--delay", "15", "Edsger"])
        #expect(await settle { controller.people.content.last?.firstName == "Edsger" })

        let row = try #require(gtk_list_box_get_row_at_index(cgtk_list_box(list), 3))
        gtk_widget_grab_focus(cgtk_widget(row))
        try await xdotool(["key", "Delete"])
        #expect(await settle { listRows(list).count == 3 })
        #expect(controller.people.content.map(\.firstName) == ["Ada", "Grace", "Alan"])
      }

      @Test func ctrlZOutsideAFieldUndoesTheLastSavedEditAndCtrlShiftZRedoesIt() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        window.handleUndo(undo: { controller.history.undo() }, redo: { controller.history.redo() })
        defer { window.close() }
        let last = try #require(window.widget(named: "LastNameField"))
        let list = try #require(window.widget(named: "People"))
        try await type("Byron", into: last, ofWindowTitled: title)
        #expect(await settle { controller.people.content[0].lastName == "Byron" })

        gtk_widget_grab_focus(list)  // outside a field
        try await xdotool(["key", "ctrl+z"])
        #expect(await settle { controller.people.content[0].lastName == "Lovelace" })
        try await xdotool(["key", "ctrl+shift+z"])
        #expect(await settle { controller.people.content[0].lastName == "Byron" })
      }

      /// Whether the keyboard focus is in `widget` (an entry's text is a child of it).
      private func isFocusWithin(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0
      }

      @Test func aDisabledFieldIgnoresTyping() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        defer { window.close() }
        let field = try #require(window.widget(named: "FirstNameField"))
        try await type("Lin", into: field, ofWindowTitled: title)
        #expect(await settle { controller.people.content[0].firstName == "Lin" })

        controller.isSaving = true  // while the field has the focus
        #expect(await settle { isSensitive(field) == false })
        try await xdotool(["type", "--delay", "15", "us"])
        await settleBriefly()

        #expect(entryText(field) == "Lin")
        #expect(controller.people.content[0].firstName == "Lin")
        #expect(
          listRows(window.widget(named: "People")).map(\.first) == ["Lin Lovelace", "Grace Hopper", "Alan Turing"])
        controller.isSaving = false
        #expect(await settle { isSensitive(field) == true })
      }

      @Test func addAndRemoveChangeTheList() async throws {
        let controller = try PeopleViewController()
        let window = try open(controller, title: uniqueTitle("People"))
        defer { window.close() }
        let list = window.widget(named: "People")
        #expect(await settle { listRows(list).count == 3 })
        let add = try #require(window.widget(named: "AddButton"))
        let remove = try #require(window.widget(named: "RemoveButton"))

        gtk_widget_activate(add)
        #expect(await settle { listRows(list).count == 4 })
        #expect(controller.people.arrangedObjects.count == 4)
        #expect(listRows(list).last == ["(no name)", "age 0"])

        // The new person is selected: Remove removes it.
        gtk_widget_activate(remove)
        #expect(await settle { listRows(list).count == 3 })
        #expect(listRows(list).map(\.first) == ["Ada Lovelace", "Grace Hopper", "Alan Turing"])
      }

      @Test func badAgeTextShowsTheErrorAndLeavesTheModelUnchanged() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        defer { window.close() }
        let age = try #require(window.widget(named: "AgeField"))

        try await type("3b", into: age, ofWindowTitled: title, pressReturn: true)

        #expect(await settle { gtk_widget_has_css_class(age, "error") != 0 })
        // Under the field, in words for people, and what a screen reader says of the field.
        #expect(errorLine(of: age) == "Enter a whole number, like 1,234")
        #expect(controller.people.content[0].age == 36)

        try await type("37", into: age, ofWindowTitled: title, pressReturn: true)
        #expect(await settle { gtk_widget_has_css_class(age, "error") == 0 })
        #expect(controller.people.content[0].age == 37)
        #expect(errorLine(of: age) == nil)
      }

      @Test func anErrorGoesWhenAnotherPersonIsSelected() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let (window, people) = try openWithPeople(controller, title: title)
        defer { window.close() }
        let age = try #require(window.widget(named: "AgeField"))

        try await type("3b", into: age, ofWindowTitled: title, pressReturn: true)
        #expect(await settle { errorLine(of: age) != nil })
        people.select(indexes: [2])
        #expect(await settle { entryText(age) == "41" })
        #expect(await settle { gtk_widget_has_css_class(age, "error") == 0 })
        #expect(errorLine(of: age) == nil, "Alan's valid age shows without Grace's reason")
      }

      @Test func leavingTheAgeFieldWritesWhatWasTypedThere() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        defer { window.close() }
        let age = try #require(window.widget(named: "AgeField"))

        try await type("40", into: age, ofWindowTitled: title)
        #expect(controller.people.content[0].age == 36)  // written on commit, not while typing
        try await xdotool(["key", "Tab"])

        #expect(await settle { controller.people.content[0].age == 40 })
        #expect(await settle { listRows(window.widget(named: "People")).first == ["Ada Lovelace", "age 40"] })
      }

      @Test func closingTheWindowWhileEditingWritesWhatWasTyped() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        let age = try #require(window.widget(named: "AgeField"))
        try await type("41", into: age, ofWindowTitled: title)
        #expect(controller.people.content[0].age == 36)

        window.close()

        #expect(controller.people.content[0].age == 41)  // as when the user leaves the field
      }

      @Test func sortingTheControllerMovesRowsWithTheirWidgets() async throws {
        let controller = try PeopleViewController()
        let (window, people) = try openWithPeople(controller, title: uniqueTitle("People"))
        defer { window.close() }
        let list = try #require(window.widget(named: "People"))
        #expect(await settle { listRows(list).count == 3 })
        let gracesRow = gtk_list_box_get_row_at_index(cgtk_list_box(list), 1)

        people.sortOrder = [.descending(\.age)]

        #expect(await settle { listRows(list).map(\.first) == ["Grace Hopper", "Alan Turing", "Ada Lovelace"] })
        #expect(gtk_list_box_get_row_at_index(cgtk_list_box(list), 0) == gracesRow)  // moved, not made again
        #expect(people.selectionIndexes == [2])  // Ada stays selected
        #expect(await settle { selectedRows(list) == [2] })
        #expect(entryText(window.widget(named: "FirstNameField")) == "Ada")
      }

      @Test func anAgeOutsideItsRangeShowsTheModelsReason() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let window = try open(controller, title: title)
        defer { window.close() }
        let age = try #require(window.widget(named: "AgeField"))

        try await type("200", into: age, ofWindowTitled: title, pressReturn: true)

        #expect(await settle { gtk_widget_has_css_class(age, "error") != 0 })
        #expect(errorLine(of: age) == "200 is not an age (0 to 150)")
        #expect(controller.people.content[0].age == 36)
      }

      @Test func clickingARowSelectsItsPersonAndTheControllersSelectionShowsInTheList() async throws {
        let controller = try PeopleViewController()
        let title = uniqueTitle("People")
        let (window, people) = try openWithPeople(controller, title: title)
        defer { window.close() }
        let list = try #require(window.widget(named: "People"))
        let field = window.widget(named: "FirstNameField")
        #expect(await settle { listRows(list).count == 3 })

        let row = try #require(gtk_list_box_get_row_at_index(cgtk_list_box(list), 1))
        try await click(cgtk_widget(row), ofWindowTitled: title)

        #expect(await settle { entryText(field) == "Grace" })
        #expect(people.selectionIndexes == [1])
        #expect(selectedRows(list) == [1])

        people.select(indexes: [2])
        #expect(await settle { selectedRows(list) == [2] })
        #expect(await settle { entryText(field) == "Alan" })
      }

      @Test func aChangeOfTheModelShowsInTheFieldAndIsNotWrittenBack() async throws {
        let controller = try PeopleViewController()
        let writeBacks = WriteBackCounter()
        let screen = try PersonEditorScreen.load(specPath: personEditorSpec, controller: controller) { _ in }
        screen.objects.bindings.delegate = writeBacks
        let window = try GTKWindowHost(title: uniqueTitle("People"), screen: screen)
        window.present()
        defer { window.close() }
        let person = controller.people.content[0]

        person.firstName = "Edith"
        person.age = 52

        #expect(await settle { entryText(window.widget(named: "FirstNameField")) == "Edith" })
        #expect(await settle { entryText(window.widget(named: "AgeField")) == "52" })
        await settleBriefly()
        #expect(writeBacks.count == 0)
        #expect(person.firstName == "Edith")
      }
    }
  }
#endif
