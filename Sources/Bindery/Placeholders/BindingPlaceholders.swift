/// What a binding writes to its target when the source has no value of its own (Cocoa's
/// `NSNullPlaceholderBindingOption` and the marker placeholders).
///
/// `Value` is the type of the target property. A marker with no placeholder of its own shows
/// ``nullValue``; with neither, the target gets what the binding makes of a `nil` source (for an
/// optional text property: `nil`).
///
/// ```swift
/// nicknameLabel.bind(\.text, to: .keyPath(controller, \.person?.nickname)
///   .placeholders(BindingPlaceholders(nullValue: "—", notApplicable: "No person")))
/// ```
public struct BindingPlaceholders<Value> {
  /// Shown when the source value is `nil` (and for markers with no placeholder of their own).
  public var nullValue: Value?
  /// Shown when the source path cannot be resolved (``BindingMarker/notApplicable``).
  public var notApplicable: Value?
  /// Shown when the selected objects disagree (``BindingMarker/multipleValues``).
  public var multipleValues: Value?
  /// Shown when nothing is selected (``BindingMarker/noSelection``).
  public var noSelection: Value?

  /// Creates placeholders; those left `nil` are not used.
  public init(
    nullValue: Value? = nil,
    notApplicable: Value? = nil,
    multipleValues: Value? = nil,
    noSelection: Value? = nil
  ) {
    self.nullValue = nullValue
    self.notApplicable = notApplicable
    self.multipleValues = multipleValues
    self.noSelection = noSelection
  }

  /// No placeholders: the target shows what the binding makes of the source value.
  public static var none: Self { Self() }

  /// Whether no placeholder is set.
  public var isEmpty: Bool {
    nullValue == nil && notApplicable == nil && multipleValues == nil && noSelection == nil
  }

  /// The placeholder for a marker: its own, else ``nullValue``.
  public func value(for marker: BindingMarker) -> Value? {
    let specific: Value? =
      switch marker {
      case .notApplicable: notApplicable
      case .multipleValues: multipleValues
      case .noSelection: noSelection
      }
    return specific ?? nullValue
  }
}

extension BindingPlaceholders: Sendable where Value: Sendable {}
