/// What a property is bound to, as a value: a key path of an object, a string key path, a pattern, a
/// computed value (or an expression, with BinderyExpressions), together with what the binding makes of
/// it on the way: a conversion, placeholders, validation.
///
/// Pass one to ``KeyValueObservable/bind(_:to:options:file:line:)``. Every kind of source is made by a
/// static method, so the call reads as one line:
///
/// ```swift
/// field.bind(\.text, to: .keyPath(account, \.balance, converted: TextFormat.number()))
/// field.bind(\.text, to: .keyPath(controller, \.person?.firstName).validated { try checkName($0) })
/// label.bind(\.text, to: try .pattern("%{value1}@ by %{value2}@", .keyPath(book, \.title), .keyPath(book, \.author)))
/// button.bind(\.isEnabled, to: .keyPath(controller, \.person, converted: IsNotNilTransformer()))
/// ```
///
/// A source that is checked against text (a string key path, a pattern, an expression) throws when it
/// is made, so binding it never fails. Nothing is observed until the source is bound; a source holds its
/// objects until then, and the binding it makes holds neither end.
public struct BindingSource<Value> {
  let connector: any SourceConnector<Value>
  var placeholders: BindingPlaceholders<Value> = .none
  var validation: ((Value) throws -> Void)?
  /// Options the source itself sets, over those of the `bind` call (an expression's attributes).
  package var setOptions: [(inout BindingOptions) -> Void] = []
  /// The path as written, when a string key path is bound as a Swift key path: what the binding's
  /// description shows.
  var pathText: String?
  /// What converts the values (a transformer's or format's name), for diagnostics.
  package var conversionName: String?
  /// When the user's edits are written back, if paced.
  var editPacing: EditPacing?

  /// A source that binds through `connector`: the way modules other than the core add kinds of source.
  package init(connector: some SourceConnector<Value>) {
    self.connector = connector
  }

  /// The same source, the user's edits written back after a pause in typing
  /// (``EditPacing/debounce(_:clock:isolation:)``) or once an interval
  /// (``EditPacing/throttle(_:clock:isolation:)``), and at the end of editing, whichever comes first;
  /// meanwhile they wait in the control (as with ``BindingOptions/updatesContinuously`` `false`).
  ///
  /// ```swift
  /// searchField.bind(\.text, to: .keyPath(controller, \.query).pacingEdits(.debounce(.milliseconds(300))))
  /// ```
  public func pacingEdits(_ pacing: EditPacing) -> Self {
    var copy = self
    copy.editPacing = pacing
    copy.setOptions.append { $0.updatesContinuously = false }
    return copy
  }

  /// The same source, showing `placeholders` when its value is `nil`, cannot be resolved, or is a
  /// selection marker (no selection, multiple values).
  ///
  /// ```swift
  /// field.bind(\.text, to: .marked(people, \.selection.firstName)
  ///   .placeholders(BindingPlaceholders(multipleValues: "Multiple Values", noSelection: "No Selection")))
  /// ```
  public func placeholders(_ placeholders: BindingPlaceholders<Value>) -> Self {
    var copy = self
    copy.placeholders = placeholders
    return copy
  }

  /// The same source, its conversion described as `name` (for diagnostics).
  package func converted(named name: String?) -> Self {
    var copy = self
    copy.conversionName = name
    return copy
  }

  /// The name diagnostics show for a transformer: a registered one's name, else its type's.
  package static func conversionName(of transformer: Any) -> String {
    (transformer as? AnyBindingTransformer)?.name ?? String(describing: type(of: transformer))
  }

  /// The same source, described by the path as written (a string key path bound as a Swift key path).
  func named(_ text: String) -> Self {
    var copy = self
    copy.pathText = text
    return copy
  }

  /// The same source, with a check of every value the user enters before it is converted and written
  /// back: throw to reject it. The source keeps its value and the control shows the
  /// ``BindingError/validationFailed(_:)``. The model's own ``KeyValueValidating`` is consulted too;
  /// checks added by several calls all run, the first one first.
  public func validated(_ check: @escaping (Value) throws -> Void) -> Self {
    var copy = self
    copy.validation =
      if let earlier = validation {
        { value in
          try earlier(value)
          try check(value)
        }
      } else {
        check
      }
    return copy
  }
}
