public import Bindery
import BinderyExpressions

/// Loads spec files: named objects, their classes, outlets, views, properties and bindings, in
/// JSKit's JSSpec form.
///
/// ```yaml
/// ViewController:
///   class: PersonViewController
///   outlets:
///     firstNameField: /FirstNameField
///   view:
///     subviews:
///       - /FirstNameField
/// FirstNameField:
///   class: UITextField
///   placeholder: First name
///   bindings:
///     text: {to: /ViewController, value: 'person.firstName'}
///     enabled:
///       - {to: /ViewController, value: 'person !== null'}
///       - {to: /ViewController, value: '!isSaving'}
/// ```
///
/// Every name is resolved and every expression checked before anything is bound: any problem (YAML,
/// an unknown class, reference or key, a type that does not fit, a bad expression, an unknown
/// transformer) is reported with its file, line and column, all problems at once, and then nothing
/// is bound and no object is kept. The file is read within ``SpecLimits``, and YAML anchors and
/// aliases are refused (objects are shared by reference, `/Name`).
public enum SpecFile {
  /// Loads the spec file at `path`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - classes: Where `class:` names are looked up.
  ///   - transformers: Where `transformer:` attributes of expressions are looked up.
  ///   - root: The top-level view model, for `$root.` in expressions.
  ///   - limits: How large, deep and wide the file may be.
  ///   - delegate: The delegate of every binding the file makes, its lists' rows' too, that has none of
  ///     its own (held weakly; ``SpecObjects/bindings``' delegate).
  ///   - isolation: The actor that owns the file's controls, where a binding declared with a `pacing`
  ///     writes the user's edits: the caller's, by default (the main actor, for a user interface).
  /// - Throws: ``SpecLoadError`` with every problem.
  public static func load(
    contentsOf path: String,
    classes: SpecClassRegistry = .shared,
    transformers: BindingTransformerRegistry = .shared,
    root: (any KeyValueCoding)? = nil,
    limits: SpecLimits = SpecLimits(),
    delegate: (any BindingDelegate)? = nil,
    isolation: (any Actor)? = #isolation
  ) throws(SpecLoadError) -> SpecObjects {
    let text = try YAMLSource.text(contentsOf: path, limit: limits.maximumFileSize)
    return try load(
      yaml: text, file: path, classes: classes, transformers: transformers, root: root, limits: limits,
      delegate: delegate, isolation: isolation)
  }

  /// Loads a spec from its text; `file` names it in errors, and `isolation` is where its paced edits
  /// are written (the caller's actor, by default).
  ///
  /// - Throws: ``SpecLoadError`` with every problem.
  public static func load(
    yaml text: String,
    file: String = "<spec>",
    classes: SpecClassRegistry = .shared,
    transformers: BindingTransformerRegistry = .shared,
    root: (any KeyValueCoding)? = nil,
    limits: SpecLimits = SpecLimits(),
    delegate: (any BindingDelegate)? = nil,
    isolation: (any Actor)? = #isolation
  ) throws(SpecLoadError) -> SpecObjects {
    try loading(
      text, file: file, classes: classes, transformers: transformers, root: root, limits: limits, delegate: delegate,
      isolation: isolation, awakesObjects: true)
  }

  /// Loads a spec file as ``load(contentsOf:classes:transformers:root:limits:delegate:)`` does, but
  /// leaves telling its ``SpecAwaking`` objects to the caller (``SpecObjects/awakeObjects()``), who
  /// checks more first and must not tell them of a load it then refuses.
  package static func loadLeavingAwakening(
    contentsOf path: String,
    classes: SpecClassRegistry,
    transformers: BindingTransformerRegistry,
    root: (any KeyValueCoding)?,
    delegate: (any BindingDelegate)?,
    isolation: (any Actor)?
  ) throws(SpecLoadError) -> SpecObjects {
    let limits = SpecLimits()
    let text = try YAMLSource.text(contentsOf: path, limit: limits.maximumFileSize)
    return try loading(
      text, file: path, classes: classes, transformers: transformers, root: root, limits: limits, delegate: delegate,
      isolation: isolation, awakesObjects: false)
  }

  /// What every load does: reads `text` and binds what it declares; with `awakesObjects`, tells its
  /// ``SpecAwaking`` objects once everything is bound.
  private static func loading(
    _ text: String, file: String, classes: SpecClassRegistry, transformers: BindingTransformerRegistry,
    root: (any KeyValueCoding)?, limits: SpecLimits, delegate: (any BindingDelegate)?, isolation: (any Actor)?,
    awakesObjects: Bool
  ) throws(SpecLoadError) -> SpecObjects {
    var loader = SpecLoader(
      source: YAMLSource(file: file, text: text), classes: classes, transformers: transformers, root: root,
      limits: limits)
    loader.delegate = delegate
    loader.isolation = isolation
    loader.awakesObjects = awakesObjects
    return try loader.load()
  }
}

/// The names closest to `name`, for "did you mean" messages; none for a name longer than a name
/// is (comparing it would cost its length times every candidate's).
func closest(to name: String, in names: [String]) -> [String] {
  let length = name.count
  guard length <= 64 else { return [] }
  // A name whose length differs by more than the threshold cannot be close enough.
  let threshold = max(2, length / 3)
  let candidates = names.filter { candidate in
    let bytes = candidate.utf8.count  // at least its characters, at most four bytes each
    return bytes >= length - threshold && bytes <= 4 * (length + threshold)
      && abs(candidate.count - length) <= threshold
  }
  return KeyValueKeyTable.closestNames(to: name, among: candidates)
}

/// `; did you mean "a", "b"?`, or nothing.
func didYouMean(_ suggestions: [String]) -> String {
  suggestions.isEmpty ? "" : "; did you mean \(suggestions.map(\.echoed).joined(separator: ", "))?"
}
