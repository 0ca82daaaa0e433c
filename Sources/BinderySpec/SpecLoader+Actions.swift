import Bindery
import BinderyControllers

/// Controllers' own actions, for buttons in spec files: `add` and `remove` (Cocoa's `add:` and
/// `remove:`).
protocol SpecBuiltInActions: AnyObject {
  /// Adds an object (the controller's `add()`).
  func performAdd()
  /// Removes the selected objects or the content (the controller's `remove()`).
  func performRemove()
}

extension SpecBuiltInActions {
  /// The action `name` on this object (held weakly), if it has one.
  func specAction(named name: String) -> (() -> Void)? {
    switch name {
    case "add": { [weak self] in self?.performAdd() }
    case "remove": { [weak self] in self?.performRemove() }
    default: nil
    }
  }

  /// The names of its actions.
  var specActionNames: [String] { ["add", "remove"] }
}

extension ArrayController: SpecBuiltInActions {
  func performAdd() { add() }
  func performRemove() { remove() }
}

extension ObjectController: SpecBuiltInActions {
  func performAdd() { add() }
  func performRemove() { remove() }
}

extension SpecLoader {
  /// `action: {to: /Object, value: name}` on a button: the registered action (or a controller's own
  /// `add` / `remove`) runs on the object at each tap. In a list's row, `to:` may be left out: the
  /// action runs on the row's item.
  mutating func checkAction(_ node: YAMLNode, of object: any KeyValueCoding, at field: YAMLNode) {
    guard let control = object as? any ActionSending else {
      errors.append(source.error(.unknownKey, "\(type(of: object)) has no action to set", at: field))
      return
    }
    guard let fields = node.pairs,
      let valueNode = fields.first(where: { $0.key.scalarText == "value" })?.value,
      let name = valueNode.scalarText,
      fields.allSatisfy({ ["to", "value"].contains($0.key.scalarText ?? "") })
    else {
      errors.append(source.error(.structure, "an action is {to: /Object, value: actionName}", at: node))
      return
    }
    let toNode = fields.first(where: { $0.key.scalarText == "to" })?.value
    if let toNode, isUnresolved(toNode) { return }
    let target: AnyObject
    if let toNode {
      guard let referenced = reference(toNode) else { return }
      target = referenced
    } else if let defaultContext {
      target = defaultContext
    } else {
      errors.append(source.error(.structure, "this action has no to: /Object", at: node))
      return
    }
    if let builtIn = target as? any SpecBuiltInActions, let perform = builtIn.specAction(named: name) {
      writes.append { [weak control] in control?.action = perform }
      return
    }
    guard let perform = classes.action(named: name, for: target) else {
      let known = ((target as? any SpecBuiltInActions)?.specActionNames ?? []) + classes.actionNames(for: target)
      let list = known.isEmpty ? " (it has none registered)" : didYouMean(suggestions(for: name, in: known))
      errors.append(source.error(.unknownKey, "\(type(of: target)) has no action \(name.echoed)" + list, at: valueNode))
      return
    }
    writes.append { [weak control, weak target] in
      control?.action = { [weak target] in
        if let target { perform(target) }
      }
    }
  }
}
