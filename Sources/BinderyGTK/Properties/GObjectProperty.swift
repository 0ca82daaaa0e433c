#if GTK
  public import Bindery
  import CGTK

  /// One GObject property of a GTK widget (or of any GObject), as a Bindery object whose ``value``
  /// binds to a model like a control's: any widget binds, with no mirror written for it.
  ///
  /// ```swift
  /// let bindings = BindingSet()
  /// try GObjectProperty(progressBar, "fraction", as: Double.self).bind(\.value, to: job, \.progress)
  ///   .store(in: bindings)
  /// try GObjectProperty(spinButton, "value", as: Double.self).bind(\.value, to: person, \.age)
  ///   .store(in: bindings)
  /// try GObjectProperty(textView, "buffer.text", as: String.self).bind(\.value, to: note, \.body)
  ///   .store(in: bindings)
  /// ```
  ///
  /// The property is looked up when it is made, by the name GObject knows it by (`"value"`,
  /// `"selected"`, `"active"`); a dotted name goes through object-valued properties first
  /// (`"buffer.text"`: the text view's buffer, then its text). It is typed as GObject's type system
  /// says: a property that does not exist, cannot be read, or whose type does not convert to `Value`
  /// (``GValueConvertible``) throws a ``GTKError`` then, never later.
  ///
  /// A change of the model is set on the widget with its `notify::` handler blocked, so it is not
  /// taken for a user's change. Any other change of the property (the `notify::` signal: the user
  /// typed, clicked, dragged, picked) is the user's edit of ``value``, which two-way bindings write
  /// back through their transformers, formatters and validation, as for a headless control. The
  /// changes GTK reports while it handles one event (a text buffer's text replaced: removed, then
  /// inserted) reach the model as one edit, once GTK has handled the events it has ready.
  ///
  /// The widget keeps this object: it lives, and its bindings work, as long as the widget does,
  /// and when the widget is destroyed its bindings end (an object on the way of a dotted name is
  /// looked up once, when this is made). A change of the model made on another thread reaches the
  /// widget on the main actor.
  @KeyValueObservable
  public final class GObjectProperty<Value: GValueConvertible>: EditableControl {
    /// The property's value, as the widget last showed it or a binding last set it.
    public var value: Value
    /// Why the last value the user set was not written to the model, until a value is accepted; a
    /// widget shows it with the `error` style class.
    public var validationError: BindingError?
    /// The property's name, as given (`"buffer.text"`).
    public let name: String
    /// Whether the property can be set (a read-only property binds from the widget to the model only).
    public let isWritable: Bool

    /// Looks up the property `name` of `object` (a `GtkWidget` or any GObject), checks that its
    /// type converts to `Value`, and starts following it.
    ///
    /// - Parameters:
    ///   - object: The widget or other GObject.
    ///   - name: The property, as GObject names it (`"fraction"`); a dotted name goes through
    ///     object-valued properties (`"buffer.text"`).
    ///   - type: The Swift type of the value.
    /// - Throws: ``GTKError`` of kind ``GTKError/Kind/notAnObject``, ``GTKError/Kind/unknownProperty``,
    ///   ``GTKError/Kind/unreadableProperty`` or ``GTKError/Kind/typeMismatch``.
    @MainActor
    public init(_ object: UnsafeMutableRawPointer?, _ name: String, as type: Value.Type = Value.self)
      throws(GTKError)
    {
      let path = try GObjectPropertyPath(object, name)
      guard Value.converts(path.valueType) else {
        throw GTKError(
          .typeMismatch,
          "the property \(name) of \(path.rootTypeName) is a \(path.valueTypeName), which does not convert to \(Value.self)"
        )
      }
      guard let current: Value = path.read() else {
        throw GTKError(
          .typeMismatch,
          "the property \(name) of \(path.rootTypeName) holds a \(path.valueTypeName) that \(Value.self) cannot represent"
        )
      }
      self.value = current
      self.name = name
      self.isWritable = path.isWritable
      GObjectPropertyLink(property: self, path: path).start()
    }

    /// The user changed the property in the widget: sets ``value`` and reports the edit.
    func userDidChange(to newValue: Value) {
      value = newValue
      keyValueRegistrar.userDidEdit(self, #propertyID("value"), \.value, value: value)
    }

    /// Shows the error on the widget (sets ``validationError``).
    public func showValidationError(_ error: BindingError?) {
      validationError = error
    }
  }
#endif
