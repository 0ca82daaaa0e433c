/// A control of an app's own that a web page shows: its class says, once, which element shows it and
/// how (``WebElement``). Bindery's page then shows it like its own controls: it sends each change of
/// the declared properties, and turns the element's events into the control's user edits.
///
/// A five-star rating, shown by a custom element its script defines:
///
/// ```swift
/// @KeyValueObservable
/// final class StarRating: EditableControl, WebControl {
///   var rating = 0
///   var isEnabled = true
///   func userDidRate(_ stars: Int) -> Bool { … }  // sets rating, reports the user's edit
///
///   static let webElement = WebElement<StarRating>(tag: "star-rating", script: starRatingScript)
///     .property("value", \.rating)
///     .enabled(\.isEnabled)
///     .edit(on: "change", reading: "value") { control, stars in control.userDidRate(stars) }
/// }
///
/// let page = WebPage(title: "Films", model: { Films() }, controls: [StarRating.self]) { … }
/// ```
///
/// Bindery's own label, button, switch, slider, stepper, pop-up button, date picker, level and
/// progress indicators and segmented control are web controls too, each
/// described by its ``webElement`` (`HeadlessSwitch.webElement`, `HeadlessPopUpButton.webElement`…)
/// and shown by the same path as an app's: what they need, an app's control can use.
public protocol WebControl: AnyObject {
  /// How a page shows controls of this class.
  static var webElement: WebElement<Self> { get }
}

/// A value a page's element shows and sends back: a Boolean, a number, a string, or an optional of one.
public protocol WebValue {
  /// The value as the page receives it.
  var webJSON: JSONValue { get }
  /// The value the page sent, or `nil` when it does not fit this type.
  init?(webJSON: JSONValue)
}

extension String: WebValue {
  /// The string.
  public var webJSON: JSONValue { .string(self) }
  /// A string the page sent.
  public init?(webJSON: JSONValue) {
    guard case .string(let text) = webJSON else { return nil }
    self = text
  }
}

extension Bool: WebValue {
  /// `true` or `false`.
  public var webJSON: JSONValue { .bool(self) }
  /// A Boolean the page sent.
  public init?(webJSON: JSONValue) {
    guard case .bool(let value) = webJSON else { return nil }
    self = value
  }
}

extension Double: WebValue {
  /// The number; not-a-number and the infinities are sent as `null`.
  public var webJSON: JSONValue { isFinite ? .number(self) : .null }
  /// A finite number the page sent.
  public init?(webJSON: JSONValue) {
    guard case .number(let value) = webJSON, value.isFinite else { return nil }
    self = value
  }
}

extension Int: WebValue {
  /// The number.
  public var webJSON: JSONValue { .number(Double(self)) }
  /// A whole number the page sent (within ±2⁵³, which a page's numbers hold exactly).
  public init?(webJSON: JSONValue) {
    guard case .number(let value) = webJSON, value.rounded() == value, abs(value) <= 9_007_199_254_740_992 else {
      return nil
    }
    self = Int(value)
  }
}

extension Optional: WebValue where Wrapped: WebValue {
  /// The wrapped value, or `null`.
  public var webJSON: JSONValue { self?.webJSON ?? .null }
  /// `nil` for `null`, else the wrapped value the page sent.
  public init?(webJSON: JSONValue) {
    if case .null = webJSON {
      self = .none
    } else if let wrapped = Wrapped(webJSON: webJSON) {
      self = .some(wrapped)
    } else {
      return nil
    }
  }
}
