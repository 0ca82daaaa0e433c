public import BinderyControls

extension HeadlessPopUpButton: WebControl {
  /// A page shows a pop-up button as a `<select>` of its items; choosing one is the user's edit of
  /// ``HeadlessPopUpButton/selectedIndex`` (an index past the items is refused as the wrong value).
  public static let webElement = WebElement<HeadlessPopUpButton>(tag: "select")
    .options(\.items)
    .property("selectedIndex", \.selectedIndex) { $0 ?? -1 }
    .enabled(\.isEnabled)
    .hidden(\.isHidden)
    .edit(on: "change", reading: "selectedIndex", accepting: { popUp, index in popUp.items.indices.contains(index) }) {
      popUp, index in popUp.userDidSelect(index: index)
    }
}
