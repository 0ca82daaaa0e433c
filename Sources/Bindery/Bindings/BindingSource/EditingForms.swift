/// A value's display form and its editing form: two transformers between the same types.
struct EditingForms<Transformer: BindingTransformer, EditingTransformer: BindingTransformer>
where EditingTransformer.Input == Transformer.Input, EditingTransformer.Output == Transformer.Output {
  let display: Transformer
  let editing: EditingTransformer

  /// Whether both forms convert back.
  var isReversible: Bool { display.isReversible && editing.isReversible }

  /// Reads back what the user typed: in the editing form first while editing, else in the display form
  /// first, then in the other form; the error of the first form when neither reads. A value a form
  /// reads and its check refuses (``ValidatedTransformer``) is refused.
  func read(_ output: Transformer.Output, isEditing: Bool) throws -> Transformer.Input {
    do {
      return isEditing ? try editing.reverseTransform(output) : try display.reverseTransform(output)
    } catch let failure as ValidationFailure {
      // Read, and refused by a check: the other form may not read it past the check.
      throw failure
    } catch {
      let second = isEditing ? try? display.reverseTransform(output) : try? editing.reverseTransform(output)
      if let second { return second }
      throw error
    }
  }
}

extension BindingSource {
  /// Binds through a path whose values are converted for display in one form and for editing in
  /// another.
  ///
  /// - Parameters:
  ///   - input: The value to convert, `nil` for a marker.
  ///   - wrap: A value read back, as the path's value.
  ///   - lift: A converted value, as the property's value.
  ///   - unlift: The property's value, to read back; `nil` is not written back.
  ///   - noValue: What the property shows for a marker with no placeholder, given its current value.
  static func connector<Source: AnyObject, SourceValue, Transformer, EditingTransformer>(
    _ source: Source,
    _ path: SourcePath<Source, SourceValue>,
    _ forms: EditingForms<Transformer, EditingTransformer>,
    input: @escaping (SourceValue) -> Transformer.Input?,
    wrap: @escaping (Transformer.Input) -> SourceValue,
    lift: @escaping (Transformer.Output) -> Value,
    unlift: @escaping (Value) -> Transformer.Output?,
    marker: ((SourceValue) -> BindingMarker?)? = nil,
    noValue: @escaping (_ current: () -> Value) -> Value = { $0() },
    readsTargetValue: Bool = false
  ) -> PathConnector<Source, SourceValue, Value> {
    func form(_ convert: @escaping (Transformer.Input) -> Transformer.Output)
      -> (@escaping () -> Value) -> (SourceValue) -> Value
    {
      { current in { value in input(value).map { lift(convert($0)) } ?? noValue(current) } }
    }
    let display = form { forms.display.transform($0) }
    let editing = form { forms.editing.transform($0) }
    var connector = PathConnector<Source, SourceValue, Value>(
      source: source,
      path: path,
      makeToTarget: display,
      toSource: { value in try unlift(value).map { wrap(try forms.read($0, isEditing: false)) } },
      isReversible: forms.isReversible,
      marker: marker,
      readsTargetValue: readsTargetValue
    )
    connector.makeEditing = { current in
      EditingConversion(
        toTarget: editing(current),
        toSource: { value, isEditing in try unlift(value).map { wrap(try forms.read($0, isEditing: isEditing)) } }
      )
    }
    return connector
  }
}
