#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// An editable level indicator as a rating (Cocoa's rating style): a row of flat star buttons that
  /// assistive technologies read as a radio group of radio buttons named "1 star", "2 stars"…, the
  /// one at the value checked; stars up to the value are lit (`starred-symbolic`), the others not.
  /// The row is one Tab stop (the checked star, or the first); Left and Right (Down and Up) move the
  /// rating by one, Home and End to the first and last star, Delete and BackSpace clear it to the
  /// minimum. A click or key is the indicator's user edit; while it is disabled the stars are
  /// insensitive, and while it is not editable they take no click or key.
  final class RatingMirror: WidgetMirror {
    let indicator: HeadlessLevelIndicator
    /// The star buttons made, held until the mirror stops.
    private var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    private var shownStars: [Double] = []

    init(_ indicator: HeadlessLevelIndicator) {
      self.indicator = indicator
      super.init(widget: cgtk_box_new_radio_group())
      gtk_widget_set_halign(widget, GTK_ALIGN_START)
      follow(indicator, \.value)
      follow(indicator, \.minValue)
      follow(indicator, \.maxValue)
      follow(indicator, \.warningValue)
      follow(indicator, \.criticalValue)
      follow(indicator, \.isEditable)
      follow(indicator, \.isEnabled)
      follow(indicator, \.isHidden)
      onKeyPressed(widget) { [weak self] key, state in
        guard shortcutModifiers(state) == 0, let self else { return false }
        return self.userDidPress(key)
      }
      refresh()
    }

    /// The star buttons in the row now, in order.
    var starButtons: [UnsafeMutablePointer<GtkWidget>] { Array(buttons.prefix(shownStars.count)) }

    override func update() {
      let stars = indicator.ratingStars
      if stars != shownStars { show(stars) }
      let checked = stars.firstIndex(of: indicator.value)
      for (index, button) in starButtons.enumerated() {
        let lit = stars[index] <= indicator.value
        gtk_button_set_icon_name(cgtk_button(button), lit ? "starred-symbolic" : "non-starred-symbolic")
        cgtk_set_accessible_checked(button, index == checked ? 1 : 0)
        // One Tab stop: the checked star, or the first when none is.
        gtk_widget_set_focusable(button, index == (checked ?? 0) ? 1 : 0)
      }
      let level = indicator.level
      setStyleClass("warning", level == .warning)
      setStyleClass("error", level == .critical)
      apply(enabled: indicator.isEnabled, hidden: indicator.isHidden)
    }

    private func show(_ stars: [Double]) {
      for button in starButtons { gtk_box_remove(cgtk_box(widget), button) }
      while buttons.count < stars.count {
        let button = hold(cgtk_button_new_radio())
        gtk_widget_add_css_class(button, "flat")
        let index = buttons.count
        buttons.append(button)
        on("clicked", of: UnsafeMutableRawPointer(button)) { [weak self] in self?.userDidChoose(index) }
      }
      for (index, star) in stars.enumerated() {
        let name = star == 1 ? "1 star" : "\(Int(star)) stars"
        cgtk_set_accessible_label(buttons[index], name)
        gtk_widget_set_tooltip_text(buttons[index], name)
        gtk_box_append(cgtk_box(widget), buttons[index])
      }
      shownStars = stars
    }

    private func userDidChoose(_ index: Int) {
      guard index < shownStars.count else { return }
      set(shownStars[index])
    }

    /// Moves the rating by a key; `false` for a key that is not the rating's.
    private func userDidPress(_ key: UInt32) -> Bool {
      guard let first = shownStars.first, let last = shownStars.last else { return false }
      let value = indicator.value
      let lower = indicator.minValue < first ? indicator.minValue : first
      let next: Double
      switch Int32(key) {
      case GDK_KEY_Right, GDK_KEY_Up, GDK_KEY_KP_Right, GDK_KEY_KP_Up: next = min(max(value + 1, first), last)
      case GDK_KEY_Left, GDK_KEY_Down, GDK_KEY_KP_Left, GDK_KEY_KP_Down: next = value - 1 < first ? lower : value - 1
      case GDK_KEY_Home, GDK_KEY_KP_Home: next = first
      case GDK_KEY_End, GDK_KEY_KP_End: next = last
      case GDK_KEY_Delete, GDK_KEY_BackSpace, GDK_KEY_KP_Delete: next = indicator.minValue
      default: return false
      }
      set(next)
      return true
    }

    /// The user's rating: the indicator's edit, then the row shows what it holds (refused: as before)
    /// with the focus on the checked star.
    private func set(_ value: Double) {
      if value != indicator.value { indicator.userDidSet(value: value) }
      refresh()
      if let checked = shownStars.firstIndex(of: indicator.value) {
        gtk_widget_grab_focus(buttons[checked])
      } else if let first = starButtons.first {
        gtk_widget_grab_focus(first)
      }
    }
  }
#endif
