/// A page an app serves: its title, how its model is made (one per browser tab, or one shared by
/// every tab), and how its content is made for each tab.
///
/// ```swift
/// let page = WebPage(title: "People", model: { PeopleViewController() }) { controller, context in
///   try WebSpec.load(contentsOf: specPath, model: controller, modelClass: "PeopleViewController", root: "Page")
/// }
/// let shared = WebPage(title: "People", model: { PeopleViewController() }, sharing: .shared) { … }
/// ```
public struct WebPage: Sendable {
  /// Whether tabs share one model.
  public enum Sharing: Sendable {
    /// Each tab (session) gets its own model.
    case perSession
    /// Every tab edits one model and sees the others' edits.
    case shared
  }

  /// The page's title.
  public let title: String
  /// Whether tabs share one model.
  public let sharing: Sharing
  /// The scripts of the app's own controls the page shows (``WebControl``), by element tag.
  let controlScripts: [(tag: String, script: String)]
  let makeModel: @Sendable () -> AnyObject
  let makeContent: @Sendable (AnyObject, WebPageContext) throws -> WebContent

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - title: The page's title.
  ///   - model: Makes a model (once when shared, once per tab otherwise), on the page's actor.
  ///   - sharing: Whether tabs share one model.
  ///   - controls: The app's own control classes the page shows, whose elements' scripts the page
  ///     loads (``WebControl``).
  ///   - content: Makes one tab's content for a model, on the page's actor.
  public init<Model: AnyObject>(
    title: String,
    model: @escaping @Sendable () -> Model,
    sharing: Sharing = .perSession,
    controls: [any WebControl.Type] = [],
    content: @escaping @Sendable (Model, WebPageContext) throws -> WebContent
  ) {
    self.title = title
    self.sharing = sharing
    var scripts: [(tag: String, script: String)] = []
    // Bindery's own controls drawn by a custom element, then the app's.
    let builtIn: [any WebControl.Type] = [HeadlessSegmentedControl.self]
    for control in builtIn + controls {
      let (tag, script) = control.elementScript
      guard let script, WebElementNames.isTag(tag), !scripts.contains(where: { $0.tag == tag }) else { continue }
      scripts.append((tag, script))
    }
    self.controlScripts = scripts
    self.makeModel = { model() }
    self.makeContent = { model, context in
      guard let model = model as? Model else {
        throw WebInputError(.pageUnavailable, "the page's model is not a \(Model.self)")
      }
      return try content(model, context)
    }
  }
}
