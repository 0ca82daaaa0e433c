import BinderyMacroImplementations
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// Expands `source` with Bindery's macros; returns the expanded text and the diagnostics' messages.
private func expand(_ source: String) -> (text: String, diagnostics: [String]) {
  let context = BasicMacroExpansionContext()
  let specs: [String: MacroSpec] = [
    "KeyValueObservable": MacroSpec(
      type: KeyValueObservableMacro.self, conformances: ["KeyValueObservable", "KeyValueCoding"]),
    "KeyValueTracked": MacroSpec(type: KeyValueTrackedMacro.self),
    "KeyValueIgnored": MacroSpec(type: KeyValueIgnoredMacro.self),
  ]
  let expanded = Parser.parse(source: source).expand(
    macroSpecs: specs, contextGenerator: { _ in context }, indentationWidth: .spaces(2))
  // The member-attribute macro adds `@Bindery.KeyValueTracked`, which this expansion leaves as is:
  // expand it too, as the compiler does.
  var text = expanded.description.replacing("@Bindery.KeyValueTracked", with: "@KeyValueTracked")
  text = text.replacing("@Bindery.KeyValueIgnored", with: "@KeyValueIgnored")
  let again = Parser.parse(source: text).expand(
    macroSpecs: specs, contextGenerator: { _ in context }, indentationWidth: .spaces(2))
  return (again.description, context.diagnostics.map(\.message))
}

/// The text with runs of whitespace made single spaces, to compare fragments.
private func squeezed(_ text: String) -> String {
  text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

@Suite("Macro expansion: what the user wrote is kept")
struct StorageExpansionTests {
  @Test(
    "The storage keeps the ownership and isolation modifiers the user wrote",
    arguments: [
      ("weak var delegate: AnyObject?", "private weak var _delegate: AnyObject?"),
      ("unowned var owner: AnyObject", "private unowned var _owner: AnyObject"),
      ("unowned(unsafe) var owner: AnyObject", "private unowned(unsafe) var _owner: AnyObject"),
      ("public weak var delegate: AnyObject?", "private weak var _delegate: AnyObject?"),
      ("nonisolated(unsafe) var count = 0", "private nonisolated(unsafe) var _count = 0"),
      ("final var count = 0", "private final var _count = 0"),
    ])
  func storageKeepsModifiers(declaration: String, storage: String) {
    let (text, diagnostics) = expand("@KeyValueObservable class Model {\n  \(declaration)\n}")
    #expect(diagnostics.isEmpty)
    #expect(squeezed(text).contains(storage), "\(text)")
  }

  @Test("The storage keeps the attributes the user wrote, Bindery's own aside")
  func storageKeepsAttributes() {
    let (text, _) = expand(
      """
      @KeyValueObservable class Model {
        @available(*, deprecated, message: "use b") var a = 0
      }
      """)
    #expect(
      squeezed(text).contains(
        #"@available(*, deprecated, message: "use b") @Bindery.KeyValueIgnored @exclusivity(unchecked) private var _a = 0"#
      ))
  }

  @Test("willSet and didSet move to the storage, and the setter notifies with the stored value")
  func observersMoveToTheStorage() {
    let (text, diagnostics) = expand(
      """
      @KeyValueObservable class Model {
        var value = 0 {
          willSet { print(newValue) }
          didSet { print(oldValue) }
        }
      }
      """)
    #expect(diagnostics.isEmpty)
    let flat = squeezed(text)
    #expect(flat.contains("private var _value = 0 { willSet { print(newValue) } didSet { print(oldValue) } }"))
    #expect(flat.contains("from: _$oldValue, to: _value)"))
    #expect(!flat.contains("_modify"))
  }

  @Test("An observer that assigns its own property names the storage, so Swift stores it directly")
  func observersAssignTheirOwnStorage() {
    let (text, diagnostics) = expand(
      """
      @KeyValueObservable class Model {
        var level = 0 {
          didSet { level = min(level, 10); self.level += 0; other?.level = level; _ = \\Model.level }
        }
        var shadowed = 0 {
          didSet { let shadowed = 3; print(shadowed, self.shadowed) }
        }
      }
      """)
    #expect(diagnostics.isEmpty)
    let flat = squeezed(text)
    #expect(
      flat.contains(
        "private var _level = 0 { didSet { _level = min(_level, 10); self._level += 0; other?.level = _level; _ = \\Model.level } }"
      ), "\(flat)")
    #expect(flat.contains("private var _shadowed = 0 { didSet { let shadowed = 3; print(shadowed, self._shadowed) } }"))
  }

  @Test("Lazy and wrapped properties are left alone")
  func lazyAndWrappedPropertiesAreLeftAlone() {
    let (text, diagnostics) = expand(
      """
      @KeyValueObservable class Model {
        lazy var cache = 0
        @Clamped var level = 3
      }
      """)
    #expect(diagnostics.isEmpty)
    #expect(!text.contains("_cache"))
    #expect(!text.contains("_level"))
  }

  @Test("Several variables in one declaration get a diagnostic that says what to write")
  func severalVariablesInOneDeclarationAreDiagnosed() {
    let (_, diagnostics) = expand("@KeyValueObservable class Model {\n  var a = 0, b = 0\n}")
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.contains("declare each of 'a = 0, b = 0' with its own 'var'") == true)
  }

  @Test("A class that names the conformance itself still gets a registrar and a key table of its own")
  func explicitConformanceGetsARegistrar() {
    let (text, diagnostics) = expand("@KeyValueObservable class Model: KeyValueObservable {\n  var a = 0\n}")
    #expect(diagnostics.isEmpty)
    #expect(text.contains("let keyValueRegistrar = Bindery.KeyValueRegistrar()"))
    #expect(!text.contains("override"))
    #expect(!text.contains("super.keyValueKeys"))
  }

  @Test("A registrar or key table the class declares itself is not declared twice")
  func ownMembersAreNotDeclaredTwice() {
    let (text, _) = expand(
      """
      @KeyValueObservable class Model: KeyValueObservable {
        let keyValueRegistrar = KeyValueRegistrar()
        var a = 0
      }
      """)
    #expect(text.ranges(of: "keyValueRegistrar =").count == 1)
  }

  @Test("A Codable class codes its tracked properties under their own names, without the registrar")
  func codableClassesGetCodingKeys() {
    let (text, diagnostics) = expand(
      """
      @KeyValueObservable class Model: Codable {
        var field = 3
        let id: Int
        @KeyValueIgnored var note = ""
        var computed: Int { 1 }
        static var shared = 0
      }
      """)
    #expect(diagnostics.isEmpty)
    let flat = squeezed(text)
    #expect(
      flat.contains(#"enum CodingKeys: String, CodingKey { case _field = "field" case id case note }"#), "\(text)")
  }

  @Test("Coding keys of the user's own that name a tracked property get a diagnostic that says what to write")
  func ownCodingKeysNamingTrackedPropertiesAreDiagnosed() {
    let (_, diagnostics) = expand(
      """
      @KeyValueObservable class Model: Codable {
        var field = 3
        enum CodingKeys: String, CodingKey { case field = "f" }
      }
      """)
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.contains("name the coding key '_field'") == true)
  }

  @Test("Coding keys of the user's own are left alone when the class codes itself")
  func ownCodingWithOwnKeysIsLeftAlone() {
    let (_, diagnostics) = expand(
      """
      @KeyValueObservable class Model: Codable {
        var field = 3
        enum CodingKeys: String, CodingKey { case field }
        required init(from decoder: any Decoder) throws {}
        func encode(to encoder: any Encoder) throws {}
      }
      """)
    #expect(diagnostics.isEmpty)
  }

  @Test("A property isolated to a global actor is observable but not listed by name")
  func isolatedPropertiesAreNotListedByName() {
    let (text, diagnostics) = expand(
      "@KeyValueObservable class Model {\n  @MainActor var test = \"hello\"\n  var other = 0\n}")
    #expect(diagnostics.isEmpty)
    #expect(!text.contains(#"KeyValueKey("test""#))
    #expect(text.contains(#"KeyValueKey("other""#))
    #expect(squeezed(text).contains("@MainActor @Bindery.KeyValueIgnored @exclusivity(unchecked) private var _test"))
  }

  @Test("A deprecated property is listed by name where naming it warns nobody")
  func deprecatedPropertiesAreListedInADeprecatedContext() {
    let (text, _) = expand(
      """
      @KeyValueObservable class Model {
        @available(*, deprecated) var a = 0
        @available(macOS 99, *) var future: Int { 1 }
      }
      """)
    let flat = squeezed(text)
    #expect(
      flat.contains("private enum _KeyValueDeprecatedKeys: Bindery._KeyValueKeyProvider { @available(*, deprecated)"))
    #expect(flat.contains("if #available(macOS 99, *) { keys.append("))
  }

  @Test("The conformance is available where the class is")
  func theConformanceCarriesTheClassAvailability() {
    let (text, _) = expand("@available(macOS 99, *)\n@KeyValueObservable class Model {\n  var a = 0\n}")
    #expect(squeezed(text).contains("@available(macOS 99, *) extension Model: Bindery.KeyValueObservable"))
  }

  @Test("The properties of a Sendable class are kept behind a lock")
  func sendableClassesKeepPropertiesBehindALock() {
    let (text, diagnostics) = expand(
      """
      @KeyValueObservable final class Model: Sendable {
        var field: Int = 3
        var inferred = "a"
      }
      """)
    #expect(diagnostics.isEmpty)
    let flat = squeezed(text)
    #expect(flat.contains("private let _field: Bindery._KeyValueLockedStorage<Int>"))
    #expect(flat.contains(#"private let _inferred = Bindery._KeyValueLockedStorage("a")"#))
  }

  @Test("A weak property or one with observers in a Sendable class gets a diagnostic that says what to write")
  func sendableClassesRefuseWeakAndObservedProperties() {
    let (_, diagnostics) = expand(
      """
      @KeyValueObservable final class Model: Sendable {
        weak var delegate: AnyObject?
        var value = 0 { didSet {} }
      }
      """)
    #expect(diagnostics.count == 2)
    #expect(diagnostics.allSatisfy { $0.contains("mark") && $0.contains("@unchecked Sendable") })
  }
}
