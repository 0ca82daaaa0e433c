public import BinderyControls

extension HeadlessButton: WebControl {
  /// A page shows a push button as a `<button type="button">` titled with its title; a click is the
  /// button's action, after which the element of ``HeadlessButton/focusesAfterAction`` takes the focus.
  public static let webElement = WebElement<HeadlessButton>(tag: "button")
    .attribute("type", "button")
    .text(\.title)
    .enabled(\.isEnabled)
    .hidden(\.isHidden)
    .action(on: "click") { button in button.userDidTap() }
    .focuses(afterAction: { button in button.focusesAfterAction })
}
