/// The cases of an enumeration type that an expression names (`.editing`), read once when the
/// expression is compiled.
///
/// A case is named by its name in Swift, never by its raw value. Swift lists an enumeration's cases
/// only through `CaseIterable`, and gives a case's name only as the default description of a case
/// without associated values; so the type must be `CaseIterable`, must not describe itself
/// (`CustomStringConvertible` and the like), and its cases must have no associated values.
struct EnumerationCases {
  /// The type, for messages.
  let type: Any.Type
  /// Every case's name and value, in declaration order.
  let cases: [(name: String, value: Any)]

  /// The case named `name`.
  func value(named name: String) -> Any? {
    cases.first { $0.name == name }?.value
  }

  /// Why no case of `EnumerationCases.type` is named `name`, for messages.
  func unknown(_ name: String) -> String {
    let known = cases.isEmpty ? "it has no cases" : "its cases are \(cases.map(\.name).joined(separator: ", "))"
    return "\(typeName(type)) has no case \"\(name.shortened)\"; \(known)"
  }

  /// The cases of `type`.
  ///
  /// - Throws: Why they cannot be named, as the end of a message (`Direction is not CaseIterable, so
  ///   its cases cannot be named`).
  static func of(_ type: Any.Type) throws(Refusal) -> EnumerationCases {
    let name = typeName(type)
    guard let iterable = type as? any CaseIterable.Type else {
      if isNumeric(type) || same(type, String.self) || same(type, Bool.self) || type is AnyClass
        || type is any Collection.Type
      {
        throw Refusal("\(name) is not an enumeration")
      }
      throw Refusal("\(name) is not CaseIterable, so its cases cannot be named")
    }
    let describer: String? =
      if type is any CustomStringConvertible.Type {
        "CustomStringConvertible"
      } else if type is any CustomDebugStringConvertible.Type {
        "CustomDebugStringConvertible"
      } else if type is any TextOutputStreamable.Type {
        "TextOutputStreamable"
      } else if type is any CustomReflectable.Type {
        "CustomReflectable"
      } else {
        nil
      }
    if let describer {
      throw Refusal("\(name) is \(describer), so its cases' names cannot be read")
    }
    func all<T: CaseIterable>(_: T.Type) -> [Any] { T.allCases.map { $0 as Any } }
    var cases: [(name: String, value: Any)] = []
    for value in all(iterable) {
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .enum else { throw Refusal("\(name) is not an enumeration") }
      guard mirror.children.isEmpty else {
        throw Refusal("\(name) has cases with associated values, which an expression cannot name")
      }
      cases.append((String(describing: value), value))
    }
    return EnumerationCases(type: type, cases: cases)
  }

  /// Why the cases of a type cannot be named.
  struct Refusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }
}
