import BinderyMacroImplementations
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

private let macros: [String: MacroSpec] = [
  "KeyValueObservable": MacroSpec(
    type: KeyValueObservableMacro.self, conformances: ["KeyValueObservable", "KeyValueCoding", "Observable"]),
  "KeyValueTracked": MacroSpec(type: KeyValueTrackedMacro.self),
  "KeyValueIgnored": MacroSpec(type: KeyValueIgnoredMacro.self),
  "propertyID": MacroSpec(type: PropertyIDMacro.self),
]

/// `assertMacroExpansion`, reporting through Swift Testing.
private func expectExpansion(
  _ source: String,
  expands expected: String,
  diagnostics: [DiagnosticSpec] = [],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  assertMacroExpansion(
    source,
    expandedSource: expected,
    diagnostics: diagnostics,
    macroSpecs: macros,
    indentationWidth: .spaces(2),
    failureHandler: { failure in
      Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
    }
  )
}

@Suite("Macro expansion")
struct MacroExpansionTests {
  @Test func aStoredVarBecomesTrackedAccessorsWithPrivateStorage() {
    expectExpansion(
      """
      @KeyValueTracked
      var firstName: String = ""
      """,
      expands: """
        var firstName: String {
          @storageRestrictions(initializes: _firstName)
          init(initialValue) {
            _firstName = initialValue
          }
          get {
            self.keyValueRegistrar.access(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("firstName"), radix: 16))), \\.firstName, name: "firstName", setter: {
                $0.firstName = $1
              }, throughOptional: \\.?.firstName)
            return _firstName
          }
          set {
            if !self.keyValueRegistrar._reportsWrites(of: Bindery.PropertyID(rawValue: 0x\(String(fnv("firstName"), radix: 16)))) {
              _firstName = newValue
              return
            }
            let _$oldValue = _firstName
            if Bindery._$isUnchanged(_$oldValue, newValue) {
              return
            }
            self.keyValueRegistrar.willSet(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("firstName"), radix: 16))), \\.firstName, value: _$oldValue)
            _firstName = newValue
            self.keyValueRegistrar.didSet(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("firstName"), radix: 16))), \\.firstName, from: _$oldValue, to: newValue)
          }
          _modify {
            self.keyValueRegistrar.access(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("firstName"), radix: 16))), \\.firstName, name: "firstName", setter: {
                $0.firstName = $1
              }, throughOptional: \\.?.firstName)
            if !self.keyValueRegistrar._hasSubscriptions {
              yield &_firstName
            } else {
              var _$newValue = _firstName
              yield &_$newValue
              let _$oldValue = _firstName
              if Bindery._$isUnchanged(_$oldValue, _$newValue) {
                return
              }
              self.keyValueRegistrar.willSet(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("firstName"), radix: 16))), \\.firstName, value: _$oldValue)
              _firstName = _$newValue
              self.keyValueRegistrar.didSet(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("firstName"), radix: 16))), \\.firstName, from: _$oldValue, to: _$newValue)
            }
          }
        }

        @Bindery.KeyValueIgnored @exclusivity(unchecked) private var _firstName: String = ""
        """
    )
  }

  @Test func aClassGetsARegistrarTrackedVarsAndTheConformance() {
    expectExpansion(
      """
      @KeyValueObservable
      public final class Person {
        var name = ""
        let id: Int
        var fullName: String { name }
        static var count = 0
        lazy var cache = 0
        @KeyValueIgnored var note = ""
        init(id: Int) { self.id = id }
      }
      """,
      expands: """
        public final class Person {
          @Bindery.KeyValueTracked
          var name = ""
          let id: Int
          var fullName: String { name }
          static var count = 0
          lazy var cache = 0
          var note = ""
          init(id: Int) { self.id = id }

          /// The registrar that records observers of this object's properties.
          public nonisolated let keyValueRegistrar = Bindery.KeyValueRegistrar()

          /// The properties of this class that can be reached by name (string key paths, spec files).
          public nonisolated class var keyValueKeys: Bindery.KeyValueKeyTable {
            Bindery.KeyValueKeyTable(Person.self, keys: [
              Bindery.KeyValueKey("name", \\Person.name, throughOptional: \\Person?.?.name, read: {
                      $0.name
                    }),
              Bindery.KeyValueKey("id", \\Person.id, throughOptional: \\Person?.?.id, read: {
                      $0.id
                    }),
              Bindery.KeyValueKey("fullName", \\Person.fullName, throughOptional: \\Person?.?.fullName, read: {
                      $0.fullName
                    }),
              Bindery.KeyValueKey("cache", \\Person.cache, throughOptional: \\Person?.?.cache, read: {
                      $0.cache
                    }),
              Bindery.KeyValueKey("note", \\Person.note, throughOptional: \\Person?.?.note, read: {
                      $0.note
                    }),
            ])
          }
        }

        extension Person: Bindery.KeyValueObservable, Bindery.KeyValueCoding {
        }
        """
    )
  }

  @Test func aClassThatAsksForObservationGetsItsRegistrarConformanceAndReportingAccessors() {
    expectExpansion(
      """
      @KeyValueObservable(observation: true)
      final class Person {
        var name = ""
      }
      """,
      expands: """
        final class Person {
          @Bindery.KeyValueTracked(observation: true)
          var name = ""

          /// The registrar that records observers of this object's properties.
          nonisolated let keyValueRegistrar = Bindery.KeyValueRegistrar()

          /// The registrar that tells Observation (`withObservationTracking`, `Observations`, SwiftUI) of
          /// this object's reads and changes.
          nonisolated let _$observationRegistrar = Bindery._KeyValueObservationRegistrar()

          /// The properties of this class that can be reached by name (string key paths, spec files).
          nonisolated class var keyValueKeys: Bindery.KeyValueKeyTable {
            Bindery.KeyValueKeyTable(Person.self, keys: [
              Bindery.KeyValueKey("name", \\Person.name, throughOptional: \\Person?.?.name, read: {
                      $0.name
                    }),
            ])
          }
        }

        extension Person: Bindery.KeyValueObservable, Bindery.KeyValueCoding, Bindery._KeyValueObservationObservable {
        }
        """
    )
  }

  @Test func aTrackedPropertyReportingToObservationReportsEachWriteAndMutationInPlace() {
    let id = "Bindery.PropertyID(rawValue: 0x\(String(fnv("age"), radix: 16)))"
    expectExpansion(
      """
      @KeyValueTracked(observation: true)
      var age: Int = 0
      """,
      expands: """
        var age: Int {
          @storageRestrictions(initializes: _age)
          init(initialValue) {
            _age = initialValue
          }
          get {
            self._$observationRegistrar.access(self, keyPath: \\.age)
            self.keyValueRegistrar.access(self, \(id), \\.age, name: "age", setter: {
                $0.age = $1
              }, throughOptional: \\.?.age)
              return _age
          }
          set {
            let _$reportsToObservation = !Bindery._$isUnchanged(_age, newValue)
            if _$reportsToObservation {
              self._$observationRegistrar.willSet(self, keyPath: \\.age)
            }
            defer {
              if _$reportsToObservation {
                self._$observationRegistrar.didSet(self, keyPath: \\.age)
              }
            }
            if !self.keyValueRegistrar._reportsWrites(of: \(id)) {
                _age = newValue
                return
              }
              let _$oldValue = _age
              if Bindery._$isUnchanged(_$oldValue, newValue) {
                return
              }
              self.keyValueRegistrar.willSet(self, \(id), \\.age, value: _$oldValue)
              _age = newValue
              self.keyValueRegistrar.didSet(self, \(id), \\.age, from: _$oldValue, to: newValue)
          }
          _modify {
            self._$observationRegistrar.access(self, keyPath: \\.age)
            self._$observationRegistrar.willSet(self, keyPath: \\.age)
            defer {
              self._$observationRegistrar.didSet(self, keyPath: \\.age)
            }
            self.keyValueRegistrar.access(self, \(id), \\.age, name: "age", setter: {
                $0.age = $1
              }, throughOptional: \\.?.age)
              if !self.keyValueRegistrar._hasSubscriptions {
                yield &_age
              } else {
                var _$newValue = _age
                yield &_$newValue
                let _$oldValue = _age
                if Bindery._$isUnchanged(_$oldValue, _$newValue) {
                  return
                }
                self.keyValueRegistrar.willSet(self, \(id), \\.age, value: _$oldValue)
                _age = _$newValue
                self.keyValueRegistrar.didSet(self, \(id), \\.age, from: _$oldValue, to: _$newValue)
              }
          }
        }

        @Bindery.KeyValueIgnored @exclusivity(unchecked) private var _age: Int = 0
        """
    )
  }

  @Test func aStructIsRejectedWithADiagnostic() {
    expectExpansion(
      """
      @KeyValueObservable
      struct Point {
        var x = 0
      }
      """,
      expands: """
        struct Point {
          var x = 0
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@KeyValueObservable' cannot be applied to a struct; observers need a shared identity, so make the model a class",
          line: 1, column: 1
        )
      ]
    )
  }

  @Test func anEnumIsRejectedWithADiagnostic() {
    expectExpansion(
      """
      @KeyValueObservable
      enum Mode {
        case a
      }
      """,
      expands: """
        enum Mode {
          case a
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@KeyValueObservable' cannot be applied to an enum; make the model a class", line: 1, column: 1)
      ]
    )
  }

  @Test func anActorIsRejectedWithADiagnostic() {
    expectExpansion(
      """
      @KeyValueObservable
      actor Store {
        var x = 0
      }
      """,
      expands: """
        actor Store {
          var x = 0
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "'@KeyValueObservable' cannot be applied to an actor; its properties cannot be observed synchronously, use a class isolated to a global actor instead",
          line: 1, column: 1
        )
      ]
    )
  }

  @Test func aProtocolIsRejectedWithADiagnostic() {
    expectExpansion(
      """
      @KeyValueObservable
      protocol Named {
        var name: String { get }
      }
      """,
      expands: """
        protocol Named {
          var name: String { get }
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@KeyValueObservable' cannot be applied to a protocol; apply it to the conforming classes", line: 1,
          column: 1)
      ]
    )
  }

  @Test func aSubclassOfAnObservableClassGetsNoSecondRegistrarOrConformanceButExtendsTheKeyTable() {
    // The compiler passes no protocols to a class that already conforms through its superclass.
    assertMacroExpansion(
      """
      @KeyValueObservable
      final class Truck: Vehicle {
        var load = 0.0
      }
      """,
      expandedSource: """
        final class Truck: Vehicle {
          @Bindery.KeyValueTracked
          var load = 0.0

          /// The properties of this class that can be reached by name (string key paths, spec files).
          override nonisolated class var keyValueKeys: Bindery.KeyValueKeyTable {
            Bindery.KeyValueKeyTable(Truck.self, keys: [
              Bindery.KeyValueKey("load", \\Truck.load, throughOptional: \\Truck?.?.load, read: {
                      $0.load
                    }),
            ], inheriting: super.keyValueKeys)
          }
        }
        """,
      macroSpecs: ["KeyValueObservable": MacroSpec(type: KeyValueObservableMacro.self, conformances: [])],
      indentationWidth: .spaces(2),
      failureHandler: { failure in Issue.record(Comment(rawValue: failure.message)) }
    )
  }

  @Test func anExtensionIsRejectedWithADiagnostic() {
    expectExpansion(
      """
      @KeyValueObservable
      extension Person {
        func greet() {}
      }
      """,
      expands: """
        extension Person {
          func greet() {}
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "'@KeyValueObservable' cannot be applied to an extension; apply it to the class declaration",
          line: 1,
          column: 1
        )
      ]
    )
  }

  @Test func anArrayPropertyAlsoGetsAModifyAccessorThatMutatesInPlaceWhenNoObserverNeedsTheOldValue() {
    expectExpansion(
      """
      @KeyValueTracked
      var tags: [String] = []
      """,
      expands: """
        var tags: [String] {
          @storageRestrictions(initializes: _tags)
          init(initialValue) {
            _tags = initialValue
          }
          get {
            self.keyValueRegistrar.access(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("tags"), radix: 16))), \\.tags, name: "tags", setter: {
                $0.tags = $1
              }, throughOptional: \\.?.tags)
            return _tags
          }
          set {
            if !self.keyValueRegistrar._reportsWrites(of: Bindery.PropertyID(rawValue: 0x\(String(fnv("tags"), radix: 16)))) {
              _tags = newValue
              return
            }
            let _$oldValue = _tags
            if Bindery._$isUnchanged(_$oldValue, newValue) {
              return
            }
            self.keyValueRegistrar.willSet(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("tags"), radix: 16))), \\.tags, value: _$oldValue)
            _tags = newValue
            self.keyValueRegistrar.didSet(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("tags"), radix: 16))), \\.tags, from: _$oldValue, to: newValue)
          }
          _modify {
            self.keyValueRegistrar.access(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("tags"), radix: 16))), \\.tags, name: "tags", setter: {
                $0.tags = $1
              }, throughOptional: \\.?.tags)
            if self.keyValueRegistrar._canMutateInPlace(Bindery.PropertyID(rawValue: 0x\(String(fnv("tags"), radix: 16)))) {
              self.keyValueRegistrar.willSet(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("tags"), radix: 16))), \\.tags, value: _tags)
              yield &_tags
              self.keyValueRegistrar.didSet(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("tags"), radix: 16))), \\.tags, from: _tags, to: _tags)
            } else {
              var _$newValue = _tags
              yield &_$newValue
              let _$oldValue = _tags
              if Bindery._$isUnchanged(_$oldValue, _$newValue) {
                return
              }
              self.keyValueRegistrar.willSet(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("tags"), radix: 16))), \\.tags, value: _$oldValue)
              _tags = _$newValue
              self.keyValueRegistrar.didSet(self, Bindery.PropertyID(rawValue: 0x\(String(fnv("tags"), radix: 16))), \\.tags, from: _$oldValue, to: _$newValue)
            }
          }
        }

        @Bindery.KeyValueIgnored @exclusivity(unchecked) private var _tags: [String] = []
        """
    )
  }

  @Test func aKeyValueArrayPropertyGetsAModifyAccessorThatRecordsTheMutationForItsObservers() {
    let id = "Bindery.PropertyID(rawValue: 0x\(String(fnv("members"), radix: 16)))"
    expectExpansion(
      """
      @KeyValueTracked
      var members: KeyValueArray<Person> = []
      """,
      expands: """
        var members: KeyValueArray<Person> {
          @storageRestrictions(initializes: _members)
          init(initialValue) {
            _members = initialValue
          }
          get {
            self.keyValueRegistrar.access(self, \(id), \\.members, name: "members", setter: {
                $0.members = $1
              }, throughOptional: \\.?.members)
            return _members
          }
          set {
            if !self.keyValueRegistrar._reportsWrites(of: \(id)) {
              _members = newValue
              _members._stopRecording()
              return
            }
            let _$oldValue = _members
            if Bindery._$isUnchanged(_$oldValue, newValue) {
              return
            }
            self.keyValueRegistrar.willSet(self, \(id), \\.members, value: _$oldValue)
            _members = newValue
            _members._stopRecording()
            self.keyValueRegistrar.didSet(self, \(id), \\.members, from: _$oldValue, to: newValue)
          }
          _modify {
            self.keyValueRegistrar.access(self, \(id), \\.members, name: "members", setter: {
                $0.members = $1
              }, throughOptional: \\.?.members)
            if !self.keyValueRegistrar._hasSubscriptions {
              yield &_members
            } else if self.keyValueRegistrar._canMutateInPlace(\(id)) {
              self.keyValueRegistrar.willSet(self, \(id), \\.members, value: _members)
              _members._beginRecording()
              defer {
                let _$journal = _members._endRecording()
                if _$journal.hasChanges {
                  self.keyValueRegistrar._didModify(self, \(id), \\.members, from: _members, to: _members, journal: _$journal)
                }
              }
              yield &_members
            } else {
              var _$newValue = _members
              _$newValue._beginRecording()
              defer {
                let _$journal = _$newValue._endRecording()
                if _$journal.hasChanges && !Bindery._$isUnchanged(_members, _$newValue) {
                  self.keyValueRegistrar.willSet(self, \(id), \\.members, value: _members)
                  let _$oldValue = _members
                  _members = _$newValue
                  self.keyValueRegistrar._didModify(self, \(id), \\.members, from: _$oldValue, to: _members, journal: _$journal)
                }
              }
              yield &_$newValue
            }
          }
        }

        @Bindery.KeyValueIgnored @exclusivity(unchecked) private var _members: KeyValueArray<Person> = []
        """
    )
  }

  @Test func anIgnoredPropertyKeepsItsStorage() {
    expectExpansion(
      "@KeyValueIgnored var note = \"\"",
      expands: "var note = \"\""
    )
  }

  @Test func propertyIDExpandsToTheIdentifierTheObservationMacroGivesThePropertyOfThatName() {
    expectExpansion(
      "let id = #propertyID(\"firstName\")",
      expands: "let id = Bindery.PropertyID(rawValue: 0x\(String(fnv("firstName"), radix: 16)))"
    )
  }

  @Test func propertyIDOfAnythingButOneStringLiteralIsAnErrorAtTheMacro() {
    expectExpansion(
      "let id = #propertyID(name)",
      expands: "let id = Bindery.PropertyID(rawValue: 0)",
      diagnostics: [
        DiagnosticSpec(
          message:
            "'#propertyID' takes the property's name as one string literal, like #propertyID(\"firstName\"); for a name known only at run time, use PropertyID(_:)",
          line: 1, column: 10)
      ]
    )
    expectExpansion(
      "let id = #propertyID(\"first\\(suffix)\")",
      expands: "let id = Bindery.PropertyID(rawValue: 0)",
      diagnostics: [
        DiagnosticSpec(
          message:
            "'#propertyID' takes the property's name as one string literal, like #propertyID(\"firstName\"); for a name known only at run time, use PropertyID(_:)",
          line: 1, column: 10)
      ]
    )
  }
}

/// FNV-1a, as the macro and `PropertyID(_:)` compute it.
private func fnv(_ name: String) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in name.utf8 {
    hash ^= UInt64(byte)
    hash &*= 0x0000_0100_0000_01b3
  }
  return hash
}
