#if GTK
  public import BinderyScreens

  extension GTKWindowHost {
    /// Creates a window of a screen loaded from a spec file: its root, its named controls, its
    /// styles, and its bindings, which end when the window closes.
    ///
    /// ```swift
    /// let screen = try ScreenSpec.load(
    ///   contentsOf: path, model: controller, modelClass: "PeopleViewController", root: "Page",
    ///   lists: HeadlessControls.lists)
    /// let window = try GTKWindowHost(title: "People", screen: screen)
    /// window.present()
    /// ```
    ///
    /// `application` is the app the window belongs to, if any (see ``GTKApplication``). The app's own
    /// control classes the file names are shown as their ``GTKControl`` descriptions say:
    /// `GTKWindowHost(title: "Films", screen: screen, controls: [StarRating.self])`.
    ///
    /// - Throws: ``GTKError`` when GTK cannot start (no display).
    public convenience init(
      title: String, screen: LoadedScreen, width: Int = 440, height: Int = 0, application: GTKApplication? = nil,
      controls: [any GTKControl.Type] = []
    ) throws(GTKError) {
      var names: [String: AnyObject] = [:]
      for (name, object) in screen.namedControls { names[name] = object }
      try self.init(
        title: title, root: screen.root, names: names, retaining: [screen.model], style: { screen.style(of: $0) },
        bindings: screen.objects.bindings, width: width, height: height, application: application,
        controls: controls)
    }
  }
#endif
