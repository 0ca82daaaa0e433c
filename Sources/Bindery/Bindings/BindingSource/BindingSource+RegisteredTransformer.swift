extension BindingSource {
  /// The value at a resolved key path of `source`, converted by a transformer of a registry, whose
  /// types are known only at run time (spec files, expressions), and by `editing` while the user edits.
  ///
  /// The loader checks what it can of the types first; a value the transformer then does not convert to
  /// the property's type shows the null placeholder, else `nil`, `false`, or the value the property has.
  /// A value typed back is read in the editing form first while the user edits, else in the display
  /// form first, then in the other.
  package static func keyPath<Source: KeyValueCoding>(
    _ source: Source,
    _ path: KeyValuePath,
    registered transformer: AnyBindingTransformer,
    editing: AnyBindingTransformer? = nil
  ) throws(KeyValueCodingError) -> Self {
    let path =
      ObjectIdentifier(path.rootType) == ObjectIdentifier(Source.self)
      ? path : try KeyValuePath(path.text, in: type(of: source))
    func shown(by transformer: AnyBindingTransformer) -> (Any?) -> Value? {
      { value in
        let output: Any?
        do {
          output = try transformer.transform(value)
        } catch {
          return nil
        }
        if let output, !isNilValue(output) { return output as? Value }
        return RuntimeTypes.none(as: Value.self)
      }
    }
    let read: (Value, Bool) throws -> Any?? = { value, isEditing in
      guard let editing else { return try transformer.reverseTransform(value) }
      let (first, second) = isEditing ? (editing, transformer) : (transformer, editing)
      do {
        return try first.reverseTransform(value)
      } catch let failure as ValidationFailure {
        throw failure
      } catch {
        if let read = try? second.reverseTransform(value) { return read }
        throw error
      }
    }
    return Self(
      connector: KeyValuePathConnector<Source, Any?, Value>(
        source: source,
        path: path,
        lift: shown(by: transformer),
        unlift: { try read($0, false) },
        isReversible: transformer.isReversible && editing?.isReversible != false,
        editingLift: editing.map { shown(by: $0) },
        editingUnlift: editing.map { _ in read }
      )
    ).converted(named: transformer.name + (editing.map { ", editing: " + $0.name } ?? ""))
  }
}
