import Bindery
import BinderyControls

/// An editable level indicator (`kind: rating`, Cocoa's rating style): a `role="radiogroup"` of
/// star buttons, one for each of its `ratingStars`, each a `role="radio"` named "3 stars", checked
/// at the value shown and lit up to it; its `level` (normal, warning, critical) as a data attribute
/// that colours the stars. One Tab stop; the arrow keys, Home and End move the rating; Delete or
/// Backspace clears it to the minimum. A click or key is the indicator's user edit (rounded and
/// clamped as `NSLevelIndicator` does); a value that is not a number is refused, and any while it
/// is disabled or not editable. A level indicator not editable when the page is made is a `<meter>`.
final class RatingMirror: WebMirror {
  let indicator: HeadlessLevelIndicator

  init(_ indicator: HeadlessLevelIndicator, id: String, collector: PatchCollector) {
    self.indicator = indicator
    super.init(id: id, kind: "rating", collector: collector)
    watch(indicator, \.value, as: "value") { JSONValue($0) }
    watch(indicator, \.minValue, as: "minimum") { JSONValue($0) }
    watch(indicator, \.isEnabled, as: "enabled") { .bool($0) }
    watch(indicator, \.isEditable, as: "editable") { .bool($0) }
    watch(indicator, \.isHidden, as: "hidden") { .bool($0) }
    let id = self.id
    track(
      observe({ [weak indicator] in indicator?.ratingStars ?? [] }) { [collector] stars in
        collector.set(id, "stars", .array(stars.map { .number($0) }))
      })
    track(
      observe({ [weak indicator] in indicator.map { Self.name(of: $0.level) } ?? "normal" }) { [collector] level in
        collector.set(id, "level", .string(level))
      })
  }

  override var valueKey: String? { "value" }

  override func properties() -> [(key: String, value: JSONValue)] {
    [
      ("stars", .array(indicator.ratingStars.map { .number($0) })), ("minimum", JSONValue(indicator.minValue)),
      ("value", JSONValue(indicator.value)), ("level", .string(Self.name(of: indicator.level))),
      ("enabled", .bool(indicator.isEnabled)), ("editable", .bool(indicator.isEditable)),
      ("hidden", .bool(indicator.isHidden)),
    ]
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard case .number(let number) = value, number.isFinite else { throw wrongType("a number") }
    guard indicator.userDidSet(value: number) else { throw disabled() }
  }

  /// The class a page colours a level by.
  static func name(of level: HeadlessLevelIndicator.Level) -> String {
    switch level {
    case .normal: "normal"
    case .warning: "warning"
    case .critical: "critical"
    }
  }
}
