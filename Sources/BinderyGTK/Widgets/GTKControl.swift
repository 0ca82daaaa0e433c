#if GTK
  import Bindery
  public import CGTK

  /// A control of an app's own that a GTK window shows: its class says, once, how to make its widget
  /// and how the widget follows it (``GTKWidgetDescription``). A window given the class
  /// (`GTKWindowHost(…, controls: [StarRating.self])`) then shows it like Bindery's own controls: each
  /// change of the declared properties reaches the widget with the widget's edit handlers blocked (no
  /// echo), and the widget's signals that are the user's edits become the control's user edits, which
  /// its bindings write to the model.
  ///
  /// A five-star rating, shown as a row of five toggle buttons:
  ///
  /// ```swift
  /// extension StarRating: GTKControl {
  ///   static let gtkWidget = GTKWidgetDescription<StarRating> { _ in makeStarButtons() }
  ///     .update(\.rating) { control, box in showStars(control.rating, in: box) }
  ///     .enabled(\.isEnabled)
  ///     .edit(on: "clicked", ofParts: { box in starButtons(in: box) }) { control, star in
  ///       control.userDidRate(star + 1)
  ///     }
  /// }
  ///
  /// let window = try GTKWindowHost(title: "Films", screen: screen, controls: [StarRating.self])
  /// ```
  public protocol GTKControl: AnyObject {
    /// How a window shows controls of this class.
    static var gtkWidget: GTKWidgetDescription<Self> { get }
  }

  /// How a GTK window shows a control of class `Control` (a ``GTKControl``): how to make its widget
  /// (one GTK widget, or a box the app fills with several), which of the control's properties set
  /// which GObject properties of the widget (or a closure that updates it), whether it is enabled and
  /// visible, and which signals of the widget are the user's edits.
  ///
  /// Each declaration returns a new description, so they read as one sentence:
  ///
  /// ```swift
  /// GTKWidgetDescription<Dial> { _ in gtk_spin_button_new_with_range(0, 10, 1) }
  ///   .property("value", \.level)
  ///   .enabled(\.isEnabled)
  ///   .hidden(\.isHidden)
  ///   .edit(on: "value-changed", reading: "value") { (control, level: Double) in control.userDidTurn(to: level) }
  /// ```
  ///
  /// Every update of the widget (each change of a declared property, and after each edit) runs all
  /// its ``property(_:_:)`` and ``update(_:_:)`` declarations with the edit signals blocked, so what the
  /// model sets is never taken for a user's edit; a property is set only when it differs, and an
  /// update closure should compare before it sets, as updates are frequent. After each edit the widget
  /// shows the control's state again, so an edit the control refuses (while disabled) is undone.
  ///
  /// A property or signal the widget does not have is a programming error: it is logged when the
  /// widget is made, and that declaration does nothing.
  public struct GTKWidgetDescription<Control: AnyObject>: @unchecked Sendable {
    // Unchecked: a description is not changed once made (each declaration returns a new one); its
    // closures run on the main actor, GTK's thread, where windows show controls.
    let make: @MainActor (Control) -> UnsafeMutablePointer<GtkWidget>
    var updates: [Update] = []
    var enabledKeyPath: KeyPath<Control, Bool>?
    var hiddenKeyPath: KeyPath<Control, Bool>?
    var edits: [Edit] = []

    /// A description whose widget `make` makes for each control shown (a new, floating widget, as
    /// `gtk_…_new` returns it; the window holds it while it shows the control).
    public init(_ make: @escaping @MainActor (Control) -> UnsafeMutablePointer<GtkWidget>) {
      self.make = make
    }

    /// Sets the GObject property `name` of the widget (a dotted name goes through object-valued
    /// properties: `"adjustment.value"`) to `keyPath` of the control.
    public func property<Value: GValueConvertible>(_ name: String, _ keyPath: KeyPath<Control, Value>) -> Self {
      // Read on the main actor only, where the widget is set (a key path is not changed once made).
      nonisolated(unsafe) let keyPath = keyPath
      return adding(
        Update(keyPath) { widget in
          do throws(GTKError) {
            let path = try GObjectPropertyPath(widget, name)
            guard Value.converts(path.valueType), path.isWritable else {
              log(
                "the property \(name) of \(path.rootTypeName) (\(path.valueTypeName)) cannot be set to a \(Value.self)")
              return nil
            }
            return { control in
              let wanted = control[keyPath: keyPath]
              if path.read() != wanted { _ = path.write(wanted) }
            }
          } catch {
            log(error.description)
            return nil
          }
        })
    }

    /// Runs `update` with the control and its widget after each change of `keyPath` (and of the
    /// description's other properties): the app's own way of showing the control, for a widget made of
    /// several (lit stars).
    public func update<Value>(
      _ keyPath: KeyPath<Control, Value>,
      _ update: @escaping @MainActor (Control, UnsafeMutablePointer<GtkWidget>) -> Void
    ) -> Self {
      adding(Update(keyPath) { widget in { control in update(control, widget) } })
    }

    /// Makes the widget sensitive while `keyPath` is `true` (insensitive, it takes no input).
    public func enabled(_ keyPath: KeyPath<Control, Bool>) -> Self {
      var copy = self
      copy.enabledKeyPath = keyPath
      return copy
    }

    /// Hides the widget while `keyPath` is `true`.
    public func hidden(_ keyPath: KeyPath<Control, Bool>) -> Self {
      var copy = self
      copy.hiddenKeyPath = keyPath
      return copy
    }

    /// Makes the widget's signal `signal` (`"value-changed"`, `"notify::value"`) a user edit: `apply`
    /// reads the widget and hands the control its edit (returning whether the control took it).
    ///
    /// The signal may have no argument or one that is not a floating-point number, and return nothing.
    public func edit(
      on signal: String,
      _ apply: @escaping @MainActor (Control, UnsafeMutablePointer<GtkWidget>) -> Bool
    ) -> Self {
      var copy = self
      copy.edits.append(
        Edit(signal: signal, parts: { [UnsafeMutableRawPointer($0)] }) { control, widget, _ in
          apply(control, widget)
        })
      return copy
    }

    /// Makes the widget's signal `signal` a user edit that reads the widget's GObject property
    /// `property` and hands its value to `apply` (returning whether the control took it). A value
    /// `Value` cannot represent is no edit.
    public func edit<Value: GValueConvertible>(
      on signal: String, reading property: String, _ apply: @escaping @MainActor (Control, Value) -> Bool
    ) -> Self {
      edit(on: signal) { control, widget in
        guard let path = try? GObjectPropertyPath(widget, property), let value: Value = path.read() else {
          return false
        }
        return apply(control, value)
      }
    }

    /// Makes the signal `signal` of each part of the widget (the buttons in a box, as `parts` finds
    /// them in the widget when it is made) a user edit: `apply` gets the index of the part that
    /// emitted it (returning whether the control took the edit).
    public func edit(
      on signal: String,
      ofParts parts: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>],
      _ apply: @escaping @MainActor (Control, Int) -> Bool
    ) -> Self {
      var copy = self
      copy.edits.append(
        Edit(signal: signal, parts: { parts($0).map { UnsafeMutableRawPointer($0) } }) { control, _, index in
          apply(control, index)
        })
      return copy
    }

    private func adding(_ update: Update) -> Self {
      var copy = self
      copy.updates.append(update)
      return copy
    }

    /// One way the widget shows the control: the key path it follows, and how to set the widget
    /// (made once per widget; `nil` when the widget has no such property).
    struct Update {
      let follow: @MainActor (WidgetMirror, Control) -> Void
      let prepare: @MainActor (UnsafeMutablePointer<GtkWidget>) -> (@MainActor (Control) -> Void)?

      init<Value>(
        _ keyPath: KeyPath<Control, Value>,
        prepare: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> (@MainActor (Control) -> Void)?
      ) {
        // Followed on the main actor only (a key path is not changed once made).
        nonisolated(unsafe) let keyPath = keyPath
        self.follow = { mirror, control in mirror.follow(control, keyPath) }
        self.prepare = prepare
      }
    }

    /// A signal that is a user edit: the objects that emit it, and what it hands the control (the
    /// widget and the index of the part that emitted it).
    struct Edit {
      let signal: String
      let parts: @MainActor (UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutableRawPointer]
      let apply: @MainActor (Control, UnsafeMutablePointer<GtkWidget>, Int) -> Bool
    }
  }

  extension GTKControl {
    /// The mirror of `object` when it is a control of this class.
    @MainActor
    static func customMirror(for object: AnyObject) -> WidgetMirror? {
      guard let control = object as? Self else { return nil }
      return CustomControlMirror(control, gtkWidget)
    }
  }

  /// Reports a mistake in an app's ``GTKWidgetDescription``.
  private func log(_ message: String) {
    g_log_default_handler("BinderyGTK", G_LOG_LEVEL_WARNING, "a GTKWidgetDescription: \(message)", nil)
  }
#endif
