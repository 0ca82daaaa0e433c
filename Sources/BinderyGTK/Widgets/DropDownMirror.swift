#if GTK
  import Bindery
  import BinderyControls
  import CGTK

  /// A pop-up button as a `GtkDropDown` of strings: items, selected index, enabled and hidden;
  /// choosing an item is the pop-up button's user edit.
  final class DropDownMirror: WidgetMirror {
    let popUp: HeadlessPopUpButton
    private let strings: OpaquePointer
    private var shownItems: [String] = []

    init(_ popUp: HeadlessPopUpButton) {
      self.popUp = popUp
      strings = gtk_string_list_new(nil)
      super.init(widget: gtk_drop_down_new(cgtk_list_model(UnsafeMutableRawPointer(strings)), nil))
      follow(popUp, \.items)
      follow(popUp, \.selectedIndex)
      follow(popUp, \.isEnabled)
      follow(popUp, \.isHidden)
      refresh()
      on("notify::selected", shape: .withArgument) { [weak self] in self?.userDidSelect() }
    }

    /// GTK's "no item" position.
    private static let noItem = guint.max

    override func update() {
      let dropDown = cgtk_drop_down(widget)
      settingWidget {
        if shownItems != popUp.items {
          shownItems = popUp.items
          gtk_string_list_splice(
            strings, 0, g_list_model_get_n_items(cgtk_list_model(UnsafeMutableRawPointer(strings))), nil)
          for item in popUp.items { gtk_string_list_append(strings, item) }
        }
        let wanted = popUp.selectedIndex.flatMap { $0 >= 0 && $0 < popUp.items.count ? guint($0) : nil } ?? Self.noItem
        if gtk_drop_down_get_selected(dropDown) != wanted { gtk_drop_down_set_selected(dropDown, wanted) }
      }
      apply(enabled: popUp.isEnabled, hidden: popUp.isHidden)
    }

    private func userDidSelect() {
      let selected = gtk_drop_down_get_selected(cgtk_drop_down(widget))
      guard selected != Self.noItem, Int(selected) != popUp.selectedIndex else { return }
      popUp.userDidSelect(index: Int(selected))
      refresh()
    }
  }
#endif
