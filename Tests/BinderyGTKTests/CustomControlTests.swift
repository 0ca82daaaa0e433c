#if GTK
  import Bindery
  import BinderyControls
  import BinderyScreens
  import BinderyGTK
  import CGTK
  import Foundation
  import Testing

  /// A control of the app's own (a ``GTKControl``), declared in a spec or in code: its widget shows
  /// the model, the user's input in it writes the model through the control's bindings, the model sets
  /// it without an echo, and closing its window lets it go.
  extension GTKSuites {
    @MainActor
    @Suite
    struct CustomControlTests {
      let review = Review()
      let writeBacks = WriteBackCounter()

      init() throws {
        try GTKMainLoop.start()
      }

      /// A window of a spec that declares a `Stars` and a `Dial`, bound to `review`.
      func openSpecWindow() throws -> (window: GTKWindowHost, screen: LoadedScreen) {
        let path = FileManager.default.temporaryDirectory
          .appendingPathComponent("CustomControl-\(getpid())-\(UUID().uuidString).spec.yaml").path
        try reviewSpec.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let screen = try ScreenSpec.load(
          contentsOf: path, model: review, modelClass: "Review", root: "Page", lists: HeadlessControls.lists,
          delegate: writeBacks
        ) { classes in
          classes.register(Stars.self) { Stars() }
          classes.register(Dial.self) { Dial() }
        }
        let window = try GTKWindowHost(
          title: uniqueTitle("Review"), screen: screen, controls: [Stars.self, Dial.self])
        window.present()
        return (window, screen)
      }

      @Test func aSpecsOwnControlsShowTheModelsValuesInTheirWidgets() async throws {
        let window = try openSpecWindow().window
        defer { window.close() }
        let stars = try #require(window.widget(named: "Rating"))
        let dial = try #require(window.widget(named: "Level"))

        #expect(litStars(stars) == 2)
        #expect(gtk_spin_button_get_value(cgtk_spin_button(dial)) == 3)
        #expect(isSensitive(stars) == true)
      }

      @Test func aUsersClickOnAStarWritesTheModelThroughTheBinding() async throws {
        let window = try openSpecWindow().window
        defer { window.close() }
        let stars = try #require(window.widget(named: "Rating"))

        gtk_widget_activate(starButtons(stars)[3])  // what a click on the fourth star does

        #expect(await settle { review.stars == 4 })
        #expect(litStars(stars) == 4)
        #expect(writeBacks.count == 1)
      }

      @Test func aUsersChangeOfAWidgetsPropertyWritesTheModelThroughTheBinding() async throws {
        let window = try openSpecWindow().window
        defer { window.close() }
        let dial = try #require(window.widget(named: "Level"))

        gtk_spin_button_set_value(cgtk_spin_button(dial), 7)  // what the user's arrows or typing do

        #expect(await settle { review.level == 7 })
        #expect(writeBacks.count == 1)
      }

      @Test func aChangeOfTheModelUpdatesTheWidgetsAndIsNoUserEdit() async throws {
        let (window, screen) = try openSpecWindow()
        defer { window.close() }
        let stars = try #require(window.widget(named: "Rating"))
        let dial = try #require(window.widget(named: "Level"))
        let control = try #require(screen.objects["Rating"] as? Stars)

        review.stars = 5
        review.level = 9

        #expect(await settle { litStars(stars) == 5 && gtk_spin_button_get_value(cgtk_spin_button(dial)) == 9 })
        await settleBriefly()
        #expect(writeBacks.count == 0)
        #expect(control.userEdits == 0)
        #expect(review.stars == 5)
      }

      @Test func theWidgetIsEnabledAndShownAsItsControlIs() async throws {
        let window = try openSpecWindow().window
        defer { window.close() }
        let stars = try #require(window.widget(named: "Rating"))
        let dial = try #require(window.widget(named: "Level"))

        review.canRate = false
        review.hidesLevel = true

        #expect(await settle { isSensitive(stars) == false })
        #expect(await settle { gtk_widget_get_visible(dial) == 0 })
        gtk_toggle_button_set_active(toggle(starButtons(stars)[4]), 1)  // refused: the widget shows the model again
        await settleBriefly()
        #expect(review.stars == 2)
        #expect(litStars(stars) == 2)
        review.canRate = true
        #expect(await settle { isSensitive(stars) == true })
      }

      @Test func aControlBuiltInCodeShowsInAWindowGivenItsClass() async throws {
        let stars = Stars()
        let bindings = BindingSet()
        bindings.delegate = writeBacks
        stars.bind(\.rating, to: review, \.stars).store(in: bindings)
        let window = try GTKWindowHost(
          title: uniqueTitle("Stars"), root: Panel(subviews: [stars]), bindings: bindings, controls: [Stars.self])
        defer { window.close() }
        window.present()
        let widget = try #require(window.widget(for: stars))
        #expect(litStars(widget) == 2)

        gtk_widget_activate(starButtons(widget)[0])

        #expect(await settle { review.stars == 1 })
        #expect(writeBacks.count == 1)
      }

      @Test func aWindowNotGivenTheClassShowsNoWidgetForTheControl() throws {
        let stars = Stars()
        let window = try GTKWindowHost(title: uniqueTitle("Stars"), root: Panel(subviews: [stars]))
        defer { window.close() }
        #expect(window.widget(for: stars) == nil)
      }

      @Test func closingTheWindowReleasesTheControlsAndEndsTheirBindings() async throws {
        let before = review.keyValueRegistrar.observerCount
        let counter = FinalizationCounter()
        weak var stars: Stars?
        weak var dial: Dial?
        weak var host: GTKWindowHost?
        do {
          let (window, screen) = try openSpecWindow()
          host = window
          stars = screen.objects["Rating"] as? Stars
          dial = screen.objects["Level"] as? Dial
          #expect(stars != nil && dial != nil)
          await settleBriefly()
          counter.watch(tree: try #require(window.window))
          #expect(review.keyValueRegistrar.observerCount > before)
          window.close()
          #expect(window.widget(named: "Rating") == nil)
        }
        #expect(await settle { counter.count == counter.watched })
        #expect(host == nil)
        #expect(stars == nil)
        #expect(dial == nil)
        #expect(await settle { review.keyValueRegistrar.observerCount == before })
        review.stars = 3  // nothing left to update
        #expect(writeBacks.count == 0)
      }
    }
  }

  /// The model the tests' controls edit.
  @KeyValueObservable
  final class Review {
    var stars = 2
    var level = 3.0
    var canRate = true
    var hidesLevel = false
  }

  /// A rating of 0 to 5 stars, a control of the test's own, shown as five toggle buttons.
  @KeyValueObservable
  final class Stars: EditableControl, EnablingControl, GTKControl {
    var rating = 0
    var isEnabled = true
    /// The user's edits the control took.
    var userEdits = 0

    func userDidRate(_ stars: Int) -> Bool {
      guard isEnabled, (0...5).contains(stars) else { return false }
      rating = stars
      userEdits += 1
      keyValueRegistrar.userDidEdit(self, PropertyID("rating"), \.rating, value: stars)
      return true
    }

    static let gtkWidget = GTKWidgetDescription<Stars> { _ in
      let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
      for _ in 0..<5 { gtk_box_append(cgtk_box(row), gtk_toggle_button_new_with_label("★")) }
      return row
    }
    .update(\.rating) { control, row in
      for (index, button) in starButtons(row).enumerated() where isActive(button) != (index < control.rating) {
        gtk_toggle_button_set_active(toggle(button), index < control.rating ? 1 : 0)
      }
    }
    .enabled(\.isEnabled)
    .edit(on: "toggled", ofParts: starButtons) { control, star in
      control.userDidRate(star + 1 == control.rating ? star : star + 1)
    }
  }

  extension Stars: BooleanCombining {
    static func booleanCombination(for property: AnyKeyPath) -> BooleanCombination? {
      property == \Stars.isEnabled ? .and : nil
    }
  }

  /// A level of 0 to 10, a control of the test's own, shown as a `GtkSpinButton` through its GObject
  /// property `value`.
  @KeyValueObservable
  final class Dial: EditableControl, GTKControl {
    var level = 0.0
    var isHidden = false

    func userDidTurn(to level: Double) -> Bool {
      self.level = level
      keyValueRegistrar.userDidEdit(self, PropertyID("level"), \.level, value: level)
      return true
    }

    static let gtkWidget = GTKWidgetDescription<Dial> { _ in gtk_spin_button_new_with_range(0, 10, 1) }
      .property("value", \.level)
      .hidden(\.isHidden)
      .edit(on: "value-changed", reading: "value") { (control, level: Double) in control.userDidTurn(to: level) }
  }

  /// The buttons in a row of stars.
  @MainActor
  func starButtons(_ row: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    var child = gtk_widget_get_first_child(row)
    while let button = child {
      buttons.append(button)
      child = gtk_widget_get_next_sibling(button)
    }
    return buttons
  }

  @MainActor
  private func toggle(_ button: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkToggleButton> {
    UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkToggleButton.self)
  }

  @MainActor
  private func isActive(_ button: UnsafeMutablePointer<GtkWidget>) -> Bool {
    gtk_toggle_button_get_active(toggle(button)) != 0
  }

  /// How many stars of a row are lit (its first buttons pressed).
  @MainActor
  func litStars(_ row: UnsafeMutablePointer<GtkWidget>) -> Int {
    starButtons(row).prefix { isActive($0) }.count
  }

  /// A screen with a `Stars` and a `Dial` bound to a `Review`.
  let reviewSpec = """
    Review:
      class: Review

    Page:
      class: Panel
      title: Review
      view:
        subviews: [/Rating, /Level]

    Rating:
      class: Stars
      bindings:
        rating: {to: /Review, value: stars}
        isEnabled: {to: /Review, value: canRate}

    Level:
      class: Dial
      bindings:
        level: {to: /Review, value: level}
        isHidden: {to: /Review, value: hidesLevel}
    """
#endif
