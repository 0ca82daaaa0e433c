#if GTK
  import Bindery
  import BinderyControls

  /// A control whose text a user types in a GTK widget: a text field (an entry, or a text view for
  /// a multi-line field) or a text view of several lines. What its widget's editing session needs.
  @MainActor
  protocol TypedTextControl: AnyObject {
    /// The text the control holds.
    var text: String? { get }
    /// Whether the user can use the control at all.
    var isEnabled: Bool { get }
    /// Whether the control is hidden.
    var isHidden: Bool { get }
    /// Whether the user can type in it (a text view may be read-only and still enabled).
    var acceptsTyping: Bool { get }
    /// Why the text the user typed was not written to the model.
    var validationError: BindingError? { get }
    /// The control's bindings (each may hold an edit not written yet).
    var bindings: [PropertyBinding] { get }
    /// Types `text` as a user would.
    @discardableResult func userDidEdit(text: String?) -> Bool
    /// Begins editing as a user would.
    func userDidBeginEditing()
    /// Finishes editing as a user would: bindings that update on commit write.
    func userDidEndEditing()
    /// Updates `mirror` after each change of what the widget shows of the control.
    func followShown(by mirror: WidgetMirror)
  }

  extension HeadlessTextField: TypedTextControl {
    var acceptsTyping: Bool { true }

    func followShown(by mirror: WidgetMirror) {
      mirror.follow(self, \.text)
      mirror.follow(self, \.isEnabled)
      mirror.follow(self, \.isHidden)
      mirror.follow(self, \.validationError)
    }
  }

  extension HeadlessTextView: TypedTextControl {
    var acceptsTyping: Bool { isEditable }

    func followShown(by mirror: WidgetMirror) {
      mirror.follow(self, \.text)
      mirror.follow(self, \.isEditable)
      mirror.follow(self, \.isEnabled)
      mirror.follow(self, \.isHidden)
      mirror.follow(self, \.validationError)
    }
  }
#endif
