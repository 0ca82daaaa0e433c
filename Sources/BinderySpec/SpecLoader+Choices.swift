import Bindery
import BinderyControllers

extension SpecLoader {
  /// The bindings of a control whose items are objects (a pop-up button): `content: {to:
  /// /Departments, value: arrangedObjects}` and `contentValues: {to: /Departments, value:
  /// arrangedObjects.name}` make one content binding; the other bindings (`selectedObject`,
  /// `selectedIndex`…) are ordinary ones. `false` when the control's bindings have another shape.
  mutating func checkChoiceBindings(_ value: YAMLNode, of chooser: any ArrangedChoices & KeyValueCoding) -> Bool {
    guard let pairs = value.pairs else { return false }
    let names = ["content", "contentValues"]
    let content = pairs.first { $0.key.scalarText == "content" }
    let values = pairs.first { $0.key.scalarText == "contentValues" }
    if let content {
      checkChoices(content.value, values: values?.value, of: chooser)
    } else if let values {
      errors.append(
        source.error(
          .structure, "contentValues needs content: {to: /ArrayController, value: arrangedObjects}", at: values.key))
    }
    checkBindings(pairs.filter { !names.contains($0.key.scalarText ?? "") }, of: chooser)
    return true
  }

  /// Checks a control's content (an array controller's `arrangedObjects`) and its titles (a key of
  /// the controller's objects); adds what binds them.
  private mutating func checkChoices(_ node: YAMLNode, values: YAMLNode?, of chooser: any ArrangedChoices) {
    let arranged = "arrangedObjects"
    guard let (toNode, valueNode) = bindingFields(node, example: "{to: /ArrayController, value: arrangedObjects}")
    else { return }
    if isUnresolved(toNode) { return }
    guard let model = reference(toNode) else { return }
    guard let controller = model as? any SpecArrangingController else {
      errors.append(
        source.error(
          .typeMismatch,
          "the content of a pop-up is an ArrayController's arrangedObjects; \((toNode.scalarText ?? "").cut(after: String.echoLimit)) is a \(type(of: model))",
          at: toNode))
      return
    }
    guard valueNode.scalarText == arranged else {
      errors.append(source.error(.structure, "the content's value is arrangedObjects", at: valueNode))
      return
    }
    var title: KeyValuePath?
    if let values {
      let example = "{to: \(toNode.scalarText ?? "/ArrayController"), value: arrangedObjects.name}"
      guard let (valuesToNode, textNode) = bindingFields(values, example: example) else { return }
      guard let other = reference(valuesToNode) else { return }
      guard other === controller else {
        errors.append(
          source.error(.structure, "contentValues reads the same controller as content: \(example)", at: valuesToNode))
        return
      }
      let prefix = arranged + "."
      guard let text = textNode.scalarText, text.hasPrefix(prefix), text.count > prefix.count else {
        errors.append(
          source.error(.structure, "contentValues is a key of the arranged objects, like \(example)", at: textNode))
        return
      }
      do throws(KeyValueCodingError) {
        let path = try KeyValuePath(String(text.dropFirst(prefix.count)), in: controller.elementType)
        guard path.valueType == String.self || path.valueType == String?.self else {
          throw KeyValueCodingError.typeMismatch(
            path: path.text, pathType: RuntimeTypes.readableName(path.valueType), expected: "String")
        }
        title = path
      } catch {
        let kind: SpecError.Kind = if case .unknownKey = error { .unknownKey } else { .typeMismatch }
        // The key is found in the objects' class, past the prefix.
        let shift: Int = if case .typeMismatch = error { 0 } else { prefix.count }
        errors.append(
          source.error(kind, error.description.shortenedMessage, in: textNode, offset: error.column - 1 + shift))
        return
      }
    }
    connections.append(controller.choicesConnection(chooser, title: title))
  }

  /// The `to:` and `value:` of a binding that takes nothing else, or `nil` (and an error).
  private mutating func bindingFields(_ node: YAMLNode, example: String) -> (YAMLNode, YAMLNode)? {
    guard let fields = node.pairs,
      let toNode = fields.first(where: { $0.key.scalarText == "to" })?.value,
      let valueNode = fields.first(where: { $0.key.scalarText == "value" })?.value,
      fields.allSatisfy({ ["to", "value"].contains($0.key.scalarText ?? "") })
    else {
      errors.append(source.error(.structure, "this binding is \(example)", at: node))
      return nil
    }
    return (toNode, valueNode)
  }
}

extension ArrayController where Element: KeyValueCoding {
  /// What shows this controller's arranged objects in `chooser`, titled by `title` of each (their
  /// descriptions without one, as Cocoa's pop-up titles objects without `contentValues`).
  func choicesConnection(_ chooser: any ArrangedChoices, title path: KeyValuePath?) -> () -> PropertyBinding? {
    { [weak self, weak chooser] in
      guard let self, let chooser else { return nil }
      let title: (Element) -> String =
        if let path {
          { object in
            guard case .value(let value) = path.resolve(in: object) else { return "" }
            return value as? String ?? ""
          }
        } else {
          { String(describing: $0) }
        }
      return chooser.bind(content: self, title: title, file: #fileID, line: #line)
    }
  }
}
