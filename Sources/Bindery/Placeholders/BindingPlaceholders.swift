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
  /// The placeholders, in one shared box (`nil` when there are none): every binding copies its
  /// placeholders several times while it is made, and a copy of one reference costs the same
  /// whatever `Value` is.
  @usableFromInline
  var box: Box?

  /// The placeholders of a binding that has some; never changed once made.
  @usableFromInline
  final class Box: @unchecked Sendable {
    let nullValue: Value?
    let notApplicable: Value?
    let multipleValues: Value?
    let noSelection: Value?

    init(nullValue: Value?, notApplicable: Value?, multipleValues: Value?, noSelection: Value?) {
      self.nullValue = nullValue
      self.notApplicable = notApplicable
      self.multipleValues = multipleValues
      self.noSelection = noSelection
    }
  }

  /// Shown when the source value is `nil` (and for markers with no placeholder of their own).
  public var nullValue: Value? {
    get { box?.nullValue }
    set {
      self = Self(
        nullValue: newValue, notApplicable: notApplicable, multipleValues: multipleValues, noSelection: noSelection)
    }
  }
  /// Shown when the source path cannot be resolved (``BindingMarker/notApplicable``).
  public var notApplicable: Value? {
    get { box?.notApplicable }
    set {
      self = Self(
        nullValue: nullValue, notApplicable: newValue, multipleValues: multipleValues, noSelection: noSelection)
    }
  }
  /// Shown when the selected objects disagree (``BindingMarker/multipleValues``).
  public var multipleValues: Value? {
    get { box?.multipleValues }
    set {
      self = Self(
        nullValue: nullValue, notApplicable: notApplicable, multipleValues: newValue, noSelection: noSelection)
    }
  }
  /// Shown when nothing is selected (``BindingMarker/noSelection``).
  public var noSelection: Value? {
    get { box?.noSelection }
    set {
      self = Self(
        nullValue: nullValue, notApplicable: notApplicable, multipleValues: multipleValues, noSelection: newValue)
    }
  }

  /// Creates placeholders; those left `nil` are not used.
  public init(
    nullValue: Value? = nil,
    notApplicable: Value? = nil,
    multipleValues: Value? = nil,
    noSelection: Value? = nil
  ) {
    guard nullValue != nil || notApplicable != nil || multipleValues != nil || noSelection != nil else {
      box = nil
      return
    }
    box = Box(
      nullValue: nullValue, notApplicable: notApplicable, multipleValues: multipleValues, noSelection: noSelection)
  }

  /// No placeholders: the target shows what the binding makes of the source value.
  @inlinable
  public static var none: Self { Self(box: nil) }

  @usableFromInline
  init(box: Box?) {
    self.box = box
  }

  /// Whether no placeholder is set.
  @inlinable
  public var isEmpty: Bool { box == nil }

  /// The placeholder for a marker: its own, else ``nullValue``.
  public func value(for marker: BindingMarker) -> Value? {
    guard let box else { return nil }
    let specific: Value? =
      switch marker {
      case .notApplicable: box.notApplicable
      case .multipleValues: box.multipleValues
      case .noSelection: box.noSelection
      }
    return specific ?? box.nullValue
  }
}

extension BindingPlaceholders: Sendable where Value: Sendable {}
