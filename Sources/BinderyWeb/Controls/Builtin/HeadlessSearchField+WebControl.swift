public import BinderyControls

extension HeadlessSearchField: WebControl {
  /// A page shows a search field as Bindery's `<bindery-search>` (a `search` landmark): an
  /// `<input type=search>` named by the chosen template's title, and beside it, when there are several
  /// templates, a `<select>` of them labelled "Search by". Each keystroke, Escape and the clear button
  /// are the user's edits of ``HeadlessSearchField/text``; choosing a template is the user's choice
  /// of ``HeadlessSearchField/templateIndex`` (an index past the templates is refused as the wrong value).
  public static let webElement = WebElement<HeadlessSearchField>(tag: "bindery-search")
    .attribute("role", "search")
    .attribute("templates", \.templateTitles) { $0.joined(separator: "\n") }
    .attribute("placeholder", \.placeholder)
    .property("value", \.text)
    .property("templateIndex", \.templateIndex)
    .enabled(\.isEnabled)
    .hidden(\.isHidden)
    .edit(on: "input", reading: "value") { field, text in field.userDidEdit(text: text) }
    .edit(
      on: "change", reading: "templateIndex",
      accepting: { field, index in field.templateTitles.indices.contains(index) }
    ) { field, index in field.userDidChooseTemplate(index: index) }
}
