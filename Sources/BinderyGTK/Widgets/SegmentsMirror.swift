#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A segmented control as a linked row of grouped `GtkToggleButton`s (one active at a time, each
  /// named by its label): the labels, the selected segment, enabled and hidden. A click on a segment
  /// is the control's user edit of its selection.
  final class SegmentsMirror: WidgetMirror {
    let control: HeadlessSegmentedControl
    /// Every button made, held until the mirror stops.
    private var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    private var shownLabels: [String] = []

    init(_ control: HeadlessSegmentedControl) {
      self.control = control
      super.init(widget: gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
      gtk_widget_add_css_class(widget, "linked")
      gtk_widget_set_halign(widget, GTK_ALIGN_START)
      follow(control, \.labels)
      follow(control, \.selectedIndex)
      follow(control, \.isEnabled)
      follow(control, \.isHidden)
      refresh()
    }

    /// The buttons in the row now, in order.
    var segmentButtons: [UnsafeMutablePointer<GtkWidget>] { Array(buttons.prefix(shownLabels.count)) }

    override func update() {
      if shownLabels != control.labels { showLabels(control.labels) }
      settingWidget {
        for (index, button) in segmentButtons.enumerated() {
          let active: Int32 = index == control.selectedIndex ? 1 : 0
          if gtk_toggle_button_get_active(cgtk_toggle_button(button)) != active {
            gtk_toggle_button_set_active(cgtk_toggle_button(button), active)
          }
        }
      }
      apply(enabled: control.isEnabled, hidden: control.isHidden)
    }

    private func showLabels(_ labels: [String]) {
      for button in segmentButtons { gtk_box_remove(cgtk_box(widget), button) }
      while buttons.count < labels.count {
        let button = hold(gtk_toggle_button_new())
        if let first = buttons.first {
          gtk_toggle_button_set_group(cgtk_toggle_button(button), cgtk_toggle_button(first))
        }
        let index = buttons.count
        buttons.append(button)
        on("toggled", of: UnsafeMutableRawPointer(button)) { [weak self] in self?.userDidToggle(index) }
      }
      for (index, label) in labels.enumerated() {
        gtk_button_set_label(cgtk_button(buttons[index]), label)
        gtk_box_append(cgtk_box(widget), buttons[index])
      }
      shownLabels = labels
    }

    private func userDidToggle(_ index: Int) {
      guard index < buttons.count, gtk_toggle_button_get_active(cgtk_toggle_button(buttons[index])) != 0,
        index != control.selectedIndex
      else { return }
      control.userDidSelect(index: index)
      refresh()  // refused (disabled): the row shows the control's choice again
    }
  }
#endif
