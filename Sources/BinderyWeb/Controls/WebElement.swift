import Bindery

/// How a web page shows a control of class `Control` (a ``WebControl``): the element's tag, the
/// script that defines it (for a custom element), which of the control's properties are the element's
/// attributes, DOM properties or text, and which of its events are user edits.
///
/// Each declaration returns a new description, so they read as one sentence:
///
/// ```swift
/// WebElement<StarRating>(tag: "star-rating", script: starRatingScript)
///   .attribute("max", \.maximum)
///   .property("value", \.rating)
///   .attribute("aria-label", \.title)
///   .enabled(\.isEnabled)
///   .edit(on: "change", reading: "value") { control, stars in control.userDidRate(stars) }
/// ```
///
/// Bindery's built-in controls are described the same way; a switch:
///
/// ```swift
/// WebElement<HeadlessSwitch>(tag: "input")
///   .attribute("type", "checkbox")
///   .attribute("role", "switch")
///   .inside("label", class: "switch")
///   .property("checked", \.isOn)
///   .enabled(\.isEnabled)
///   .hidden(\.isHidden)
///   .edit(on: "change", reading: "checked") { control, isOn in control.userDidSet(isOn: isOn) }
/// ```
///
/// Names are checked when a page shows the control: a tag is a custom element's name (lowercase, with
/// a hyphen) or a plain HTML element; no attribute or property may be an event handler (`on…`) or
/// hold markup (`innerHTML`, `outerHTML`, `srcdoc`), so a model's text never runs as script. A
/// description that breaks these rules shows nothing and its problems are logged.
public struct WebElement<Control: AnyObject>: @unchecked Sendable {
  // Unchecked: a description is not changed once made (each declaration returns a new one); its
  // closures read the control's key paths and hand edits to it, on the page's actor.
  /// The element's tag name.
  public let tag: String
  /// The script that defines the element (a custom element's class), served with the page.
  public let script: String?
  var shown: [ShownProperty] = []
  var edits: [ElementEdit] = []
  var actions: [String] = []
  /// Attributes set once, when the element is made (`type`, `role`, `class`…), in order.
  var fixed: [(name: String, value: String)] = []
  /// The element the control's element sits in, if any: its tag and class.
  var wrapper: (tag: String, className: String?)?
  /// The object whose element takes the focus once an action is done, if declared.
  var focusTarget: ((Control) -> AnyObject?)?

  /// An element of `tag`, defined by `script` when it is a custom element of the app's own.
  public init(tag: String, script: String? = nil) {
    self.tag = tag
    self.script = script
  }

  /// Sets the element's attribute `name` to `value` once, when the element is made, before any of
  /// the control's properties: an `<input>`'s `type`, a `role`, a fixed `step`.
  public func attribute(_ name: String, _ value: String) -> Self {
    var copy = self
    copy.fixed.removeAll { $0.name == name }
    copy.fixed.append((name, value))
    return copy
  }

  /// Adds `name` to the element's classes once, when the element is made (for the page's style sheet).
  public func `class`(_ name: String) -> Self {
    guard let index = fixed.firstIndex(where: { $0.name == "class" }) else { return attribute("class", name) }
    var copy = self
    copy.fixed[index].value += " " + name
    return copy
  }

  /// Gives the element the class `name` while `keyPath` of the control is `value` (a label greyed
  /// while disabled: `.class("disabled", when: \.isEnabled, is: false)`).
  public func `class`(_ name: String, when keyPath: KeyPath<Control, Bool>, is value: Bool = true) -> Self {
    adding(ShownProperty("c:" + name, keyPath) { .bool($0 == value) })
  }

  /// Shows `keyPath` of the control as the element's attribute `name` (`false` and `nil` remove it,
  /// `true` sets it empty).
  public func attribute<Value: WebValue>(_ name: String, _ keyPath: KeyPath<Control, Value>) -> Self {
    adding(ShownProperty("a:" + name, keyPath) { $0.webJSON })
  }

  /// Shows `keyPath` of the control, as `transform` turns it, as the element's attribute `name`.
  public func attribute<Value, Shown: WebValue>(
    _ name: String, _ keyPath: KeyPath<Control, Value>, _ transform: @escaping (Value) -> Shown
  ) -> Self {
    adding(ShownProperty("a:" + name, keyPath) { transform($0).webJSON })
  }

  /// Shows `keyPath` of the control as the element's DOM property `name`. The page leaves a property
  /// that already has the value alone (a field being typed in keeps its caret).
  public func property<Value: WebValue>(_ name: String, _ keyPath: KeyPath<Control, Value>) -> Self {
    adding(ShownProperty("p:" + name, keyPath) { $0.webJSON })
  }

  /// Shows `keyPath` of the control, as `transform` turns it, as the element's DOM property `name`
  /// (a `<select>`'s `selectedIndex`, `-1` for no choice: `.property("selectedIndex", \.choice) { $0 ?? -1 }`).
  public func property<Value, Shown: WebValue>(
    _ name: String, _ keyPath: KeyPath<Control, Value>, _ transform: @escaping (Value) -> Shown
  ) -> Self {
    adding(ShownProperty("p:" + name, keyPath) { transform($0).webJSON })
  }

  /// Shows `keyPath` of the control as the element's text (`nil` shows none), never as markup.
  public func text<Value: WebValue>(_ keyPath: KeyPath<Control, Value>) -> Self {
    adding(ShownProperty("text", keyPath) { $0.webJSON })
  }

  /// Shows `keyPath` of the control, as `transform` turns it, as the element's text.
  public func text<Value, Shown: WebValue>(
    _ keyPath: KeyPath<Control, Value>, _ transform: @escaping (Value) -> Shown
  ) -> Self {
    adding(ShownProperty("text", keyPath) { transform($0).webJSON })
  }

  /// Shows the strings at `keyPath` as the element's `<option>` children, in order, each as text (a
  /// `<select>`'s items); the element's DOM properties are set again after each change, since they
  /// may depend on the options (its `selectedIndex`).
  public func options(_ keyPath: KeyPath<Control, [String]>) -> Self {
    adding(ShownProperty("options", keyPath) { .array($0.map { .string($0) }) })
  }

  /// Disables the element while `keyPath` is `false`: a `<button>`, `<input>`, `<select>` or
  /// `<textarea>` by its `disabled` property, any other element by `disabled` and `aria-disabled`.
  public func enabled(_ keyPath: KeyPath<Control, Bool>) -> Self {
    adding(ShownProperty("enabled", keyPath) { .bool($0) })
  }

  /// Hides the element (and the element it sits in, if any) while `keyPath` is `true`.
  public func hidden(_ keyPath: KeyPath<Control, Bool>) -> Self {
    adding(ShownProperty("hidden", keyPath) { .bool($0) })
  }

  /// Puts the element in an element of `tag` (`label`, `span` or `div`) with the class `className`:
  /// a checkbox in a `<label>`, so that a click beside the box toggles it. The control's properties,
  /// events and id are the inner element's; hiding hides the outer one.
  public func inside(_ tag: String, class className: String? = nil) -> Self {
    var copy = self
    copy.wrapper = (tag, className)
    return copy
  }

  /// Makes the element's DOM event `event` a user edit: the page sends the element's property
  /// `property`, and `apply` hands it to the control as a user's edit (returning `false` when the
  /// control refuses it, for example while disabled). A value of another type, or one `accepting`
  /// refuses (an index past the control's items), is refused with `wrongValueType` and changes
  /// nothing. A number that is not finite (an empty number field's `valueAsNumber`) is not sent.
  public func edit<Value: WebValue>(
    on event: String, reading property: String, accepting: ((Control, Value) -> Bool)? = nil,
    _ apply: @escaping (Control, Value) -> Bool
  ) -> Self {
    var copy = self
    copy.edits.append(
      ElementEdit(event: event, property: property, typeName: "\(Value.self)") { control, json in
        guard let value = Value(webJSON: json), accepting?(control, value) ?? true else { return nil }
        return apply(control, value)
      })
    return copy
  }

  /// Makes the element's DOM event `event` (a `click`) a user's action: `perform` hands it to the
  /// control (returning `false` when the control refuses it, for example while disabled).
  public func action(on event: String, _ perform: @escaping (Control) -> Bool) -> Self {
    var copy = self
    copy.actions.append(event)
    copy.perform = perform
    return copy
  }

  /// Once the page's action is done, the element of the object `target` names (if the page shows
  /// it) takes the keyboard focus, its text selected: a form's first field after Add.
  public func focuses(afterAction target: @escaping (Control) -> AnyObject?) -> Self {
    var copy = self
    copy.focusTarget = target
    return copy
  }

  private func adding(_ property: ShownProperty) -> Self {
    var copy = self
    copy.shown.removeAll { $0.key == property.key }
    copy.shown.append(property)
    return copy
  }

  /// One property of the control the element shows: its key in the page's tree (`a:` an attribute,
  /// `p:` a DOM property, `c:` a class, `text`, `options`, `enabled`, `hidden`) and how to read it.
  struct ShownProperty {
    let key: String
    /// The property's value now.
    let read: (Control) -> JSONValue
    /// Hands each new value to the closure, until the observation ends.
    let observe: (Control, @escaping (JSONValue) -> Void) -> KeyValueObservation

    init<Value>(_ key: String, _ keyPath: KeyPath<Control, Value>, encode: @escaping (Value) -> JSONValue) {
      self.key = key
      self.read = { encode($0[keyPath: keyPath]) }
      self.observe = { control, send in Bindery.observe(control, keyPath) { change in send(encode(change.newValue)) } }
    }
  }

  /// What a user's action does to the control: whether the control took it.
  var perform: ((Control) -> Bool)?

  /// A DOM event that is a user edit, and what it hands the control: `nil` when the value does not
  /// fit, else whether the control took it.
  struct ElementEdit {
    let event: String
    let property: String
    let typeName: String
    let apply: (Control, JSONValue) -> Bool?
  }

  /// What is wrong with the description's names, if anything (see the type's documentation).
  var problems: [String] {
    var problems: [String] = []
    if !WebElementNames.isTag(tag) { problems.append("\"\(tag)\" is not an element a page may make") }
    for property in shown where property.key.hasPrefix("a:") || property.key.hasPrefix("p:") {
      let name = String(property.key.dropFirst(2))
      if !WebElementNames.isSafeName(name) { problems.append("\"\(name)\" may not be set from a model") }
    }
    for property in shown where property.key.hasPrefix("c:") {
      let name = String(property.key.dropFirst(2))
      if !WebElementNames.isClass(name) { problems.append("\"\(name)\" is not a class name") }
    }
    for (name, _) in fixed where !WebElementNames.isSafeName(name) {
      problems.append("\"\(name)\" may not be set")
    }
    if let wrapper, !WebElementNames.wrapperTags.contains(wrapper.tag) {
      problems.append("\"\(wrapper.tag)\" is not an element a control may sit in")
    }
    for event in actions where !WebElementNames.isEvent(event) {
      problems.append("\"\(event)\" is not an event name")
    }
    for edit in edits {
      if !WebElementNames.isEvent(edit.event) { problems.append("\"\(edit.event)\" is not an event name") }
      if !WebElementNames.isSafeName(edit.property) { problems.append("\"\(edit.property)\" may not be read") }
    }
    return problems
  }
}

/// The names a ``WebElement`` may use.
enum WebElementNames {
  /// Plain elements a page may make for a control (no script, no frames, no forms of their own).
  static let plainTags: Set<String> = [
    "span", "div", "p", "output", "progress", "meter", "input", "textarea", "select", "button", "img", "time",
    "mark", "strong", "em", "code", "pre",
  ]

  /// The elements a control's element may sit in (``WebElement/inside(_:class:)``).
  static let wrapperTags: Set<String> = ["label", "span", "div"]

  /// Whether `name` is a class name: letters, digits, `-` and `_`, a letter first.
  static func isClass(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic, name.count <= 64
    else { return false }
    return name.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
    }
  }

  /// Whether `tag` is a plain element above or a custom element's name (a lowercase letter first,
  /// then lowercase letters, digits, `-`, `.` or `_`, with at least one `-`).
  static func isTag(_ tag: String) -> Bool {
    if plainTags.contains(tag) { return true }
    guard tag.count <= 64, let first = tag.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
      tag.utf8.contains(UInt8(ascii: "-"))
    else { return false }
    return tag.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }
  }

  /// Whether an attribute or property may be set from (or read for) a model: a name of letters,
  /// digits and `-`, not an event handler (`on…`) and not one that holds markup or a frame's document.
  static func isSafeName(_ name: String) -> Bool {
    let lowered = name.lowercased()
    guard !name.isEmpty, name.count <= 64, !lowered.hasPrefix("on"),
      !["innerhtml", "outerhtml", "srcdoc", "href", "src", "action", "formaction", "style"].contains(lowered)
    else { return false }
    return name.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
    }
  }

  /// Whether `event` is an event name: lowercase letters, digits, `-` and `:`.
  static func isEvent(_ event: String) -> Bool {
    guard !event.isEmpty, event.count <= 64 else { return false }
    return event.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ":"
    }
  }
}
