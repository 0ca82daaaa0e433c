// StarRating in a GTK window: a row of five star buttons, declared here, in the app; Bindery's GTK
// front end knows nothing of it.
#if GTK
  import BinderyGTK
  import CGTK

  extension StarRating: GTKControl {
    /// A row of five toggle buttons, the first `rating` of them lit; enabled with the control; a
    /// click on a star is the user's rating (a click on the last lit star takes it back).
    static let gtkWidget = GTKWidgetDescription<StarRating> { control in makeStarRow(titled: control.title) }
      .update(\.rating) { control, row in showStars(control.rating, in: row) }
      .enabled(\.isEnabled)
      .edit(on: "toggled", ofParts: starButtons(in:)) { control, star in
        control.userDidRate(star + 1 == control.rating ? star : star + 1)
      }

    /// Colors the lit stars, once for the app (GTK's style for every window on the display).
    @MainActor
    static func installStarStyle() {
      guard let display = gdk_display_get_default() else { return }
      let provider = gtk_css_provider_new()
      let css = """
        .star-rating button { padding: 0 2px; min-width: 0; font-size: 1.5em; color: #b8b8b8; }
        .star-rating button.lit { color: #c88a00; }
        .star-rating button:checked { background: none; box-shadow: none; }
        """
      gtk_css_provider_load_from_data(provider, css, -1)
      gtk_style_context_add_provider_for_display(
        display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
  }

  /// A horizontal box of five flat toggle buttons, each a star.
  @MainActor
  private func makeStarRow(titled title: String) -> UnsafeMutablePointer<GtkWidget> {
    let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_widget_add_css_class(row, "star-rating")
    gtk_widget_set_halign(row, GTK_ALIGN_START)
    gtk_widget_set_tooltip_text(row, title)
    for star in 1...5 {
      let button = gtk_toggle_button_new_with_label("★")!
      gtk_widget_add_css_class(button, "flat")
      let name = star == 1 ? "1 star" : "\(star) stars"
      gtk_widget_set_tooltip_text(button, name)
      cgtk_set_accessible_label(button, name)  // a screen reader says "3 stars", not "★"
      gtk_box_append(cgtk_box(row), button)
    }
    return row
  }

  /// The five star buttons of a row `makeStarRow` made.
  @MainActor
  private func starButtons(in row: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    var child = gtk_widget_get_first_child(row)
    while let button = child {
      buttons.append(button)
      child = gtk_widget_get_next_sibling(button)
    }
    return buttons
  }

  /// Lights the first `rating` stars of the row (each button set only when it differs).
  @MainActor
  private func showStars(_ rating: Int, in row: UnsafeMutablePointer<GtkWidget>) {
    for (index, button) in starButtons(in: row).enumerated() {
      let lit = index < rating
      let toggle = UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkToggleButton.self)
      if (gtk_toggle_button_get_active(toggle) != 0) != lit { gtk_toggle_button_set_active(toggle, lit ? 1 : 0) }
      if (gtk_widget_has_css_class(button, "lit") != 0) != lit {
        if lit { gtk_widget_add_css_class(button, "lit") } else { gtk_widget_remove_css_class(button, "lit") }
      }
    }
  }
#endif
