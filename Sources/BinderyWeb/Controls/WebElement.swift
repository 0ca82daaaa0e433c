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

  /// An element of `tag`, defined by `script` when it is a custom element of the app's own.
  public init(tag: String, script: String? = nil) {
    self.tag = tag
    self.script = script
  }

  /// Shows `keyPath` of the control as the element's attribute `name` (`false` and `nil` remove it,
  /// `true` sets it empty).
  public func attribute<Value: WebValue>(_ name: String, _ keyPath: KeyPath<Control, Value>) -> Self {
    adding(ShownProperty("a:" + name, keyPath) { $0.webJSON })
  }

  /// Shows `keyPath` of the control as the element's DOM property `name`.
  public func property<Value: WebValue>(_ name: String, _ keyPath: KeyPath<Control, Value>) -> Self {
    adding(ShownProperty("p:" + name, keyPath) { $0.webJSON })
  }

  /// Shows `keyPath` of the control as the element's text.
  public func text(_ keyPath: KeyPath<Control, String>) -> Self {
    adding(ShownProperty("text", keyPath) { .string($0) })
  }

  /// Disables the element (`disabled` and `aria-disabled`) while `keyPath` is `false`.
  public func enabled(_ keyPath: KeyPath<Control, Bool>) -> Self {
    adding(ShownProperty("enabled", keyPath) { .bool($0) })
  }

  /// Hides the element while `keyPath` is `true`.
  public func hidden(_ keyPath: KeyPath<Control, Bool>) -> Self {
    adding(ShownProperty("hidden", keyPath) { .bool($0) })
  }

  /// Makes the element's DOM event `event` a user edit: the page sends the element's property
  /// `property`, and `apply` hands it to the control as a user's edit (returning `false` when the
  /// control refuses it, for example while disabled). A value of another type is refused with
  /// `wrongValueType` and changes nothing.
  public func edit<Value: WebValue>(
    on event: String, reading property: String, _ apply: @escaping (Control, Value) -> Bool
  ) -> Self {
    var copy = self
    copy.edits.append(
      ElementEdit(event: event, property: property, typeName: "\(Value.self)") { control, json in
        guard let value = Value(webJSON: json) else { return nil }
        return apply(control, value)
      })
    return copy
  }

  private func adding(_ property: ShownProperty) -> Self {
    var copy = self
    copy.shown.removeAll { $0.key == property.key }
    copy.shown.append(property)
    return copy
  }

  /// One property of the control the element shows: its key in the page's tree (`a:` an attribute,
  /// `p:` a DOM property, `text`, `enabled`, `hidden`) and how to read it.
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
