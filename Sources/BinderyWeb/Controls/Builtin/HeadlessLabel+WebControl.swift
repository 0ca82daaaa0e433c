public import BinderyControls

extension HeadlessLabel: WebControl {
  /// A page shows a label as a `<span class="label">` with its text (never as markup), greyed by the
  /// class `disabled` while the label is disabled.
  public static let webElement = WebElement<HeadlessLabel>(tag: "span")
    .class("label")
    .text(\.text) { $0 ?? "" }
    .class("disabled", when: \.isEnabled, is: false)
    .hidden(\.isHidden)
}
