import Bindery
import BinderyControls
import BinderyExpressions

/// The kinds of source a property can be bound to: the rows of the Bindings article's table.
enum SourceKind: String, CaseIterable, Sendable, CustomStringConvertible {
  case keyPath = "Key path"
  case marked = "Marked value (a selection)"
  case stringKeyPath = "String key path"
  case expression = "Expression"
  case pattern = "Pattern of several values"
  case computed = "Computed value"
  case booleanInputs = "Boolean inputs combined"

  var description: String { rawValue }
}

/// What a binding can be asked for: the columns of the Bindings article's table.
enum BindingFeature: String, CaseIterable, Sendable, CustomStringConvertible {
  case twoWay = "Two-way, direction"
  case conversion = "Transformer or format"
  case editingForm = "Editing form"
  case validation = "Validation"
  case placeholders = "Placeholders"
  case onCommit = "On commit"
  case delivery = "Delivery"
  case delegate = "Delegate"
  case conditionallyEnabled = "Conditionally enabled"

  var description: String { rawValue }
}

/// Which options work with which kind of source: what the Bindings article's table says, and what the tests
/// check cell by cell. A cell left out has no meaning for that kind (a read-only source has nothing
/// to validate, commit or edit) or is not offered.
enum BindingMatrix {
  static let supported: [SourceKind: Set<BindingFeature>] = [
    .keyPath: Set(BindingFeature.allCases),
    .marked: Set(BindingFeature.allCases),
    .stringKeyPath: Set(BindingFeature.allCases),
    .expression: Set(BindingFeature.allCases),
    .pattern: [.conversion, .delivery, .delegate],
    .computed: [.conversion, .placeholders, .delivery, .delegate, .conditionallyEnabled],
    .booleanInputs: [.conversion, .delivery],
  ]

  /// The kinds that support `feature`.
  static func kinds(supporting feature: BindingFeature) -> [SourceKind] {
    SourceKind.allCases.filter { supported[$0]?.contains(feature) == true }
  }

  /// The table as the Bindings article shows it: ✓ where an option works, — where it has no meaning.
  static var markdown: String {
    var lines = ["| Source | " + BindingFeature.allCases.map(\.rawValue).joined(separator: " | ") + " |"]
    lines.append("|---|" + BindingFeature.allCases.map { _ in ":-:" }.joined(separator: "|") + "|")
    for kind in SourceKind.allCases {
      let cells = BindingFeature.allCases.map { supported[kind]?.contains($0) == true ? "✓" : "—" }
      lines.append("| \(kind.rawValue) | " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }
}
