public import BinderyControls

extension HeadlessSwitch: WebControl {
  /// A page shows a switch as a checkbox `<input>` with the role `switch`, in a
  /// `<label class="switch">`; checking it is the user's edit of ``HeadlessSwitch/isOn``.
  public static let webElement = element(role: "switch", class: "switch")

  /// A page shows a switch styled ``ControlStyle/checkbox`` as a checkbox `<input>` in a
  /// `<label class="checkbox">`; checking it is the user's edit of ``HeadlessSwitch/isOn``.
  package static let checkboxWebElement = element(role: nil, class: "checkbox")

  private static func element(role: String?, class className: String) -> WebElement<HeadlessSwitch> {
    var element = WebElement<HeadlessSwitch>(tag: "input").attribute("type", "checkbox")
    if let role { element = element.attribute("role", role) }
    return element.inside("label", class: className)
      .property("checked", \.isOn)
      .enabled(\.isEnabled)
      .hidden(\.isHidden)
      .edit(on: "change", reading: "checked") { control, isOn in control.userDidSet(isOn: isOn) }
  }
}
