import Bindery
import Testing

/// A generic model that conforms by hand (no macro), naming its property with `#propertyID`.
private final class HandWrittenBox<Value: Equatable & Sendable>: KeyValueObservable, @unchecked Sendable {
  let keyValueRegistrar = KeyValueRegistrar()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get {
      keyValueRegistrar.access(self, #propertyID("value"), \.value)
      return stored
    }
    set {
      let old = stored
      guard old != newValue else { return }
      keyValueRegistrar.willSet(self, #propertyID("value"), \.value, value: old)
      stored = newValue
      keyValueRegistrar.didSet(self, #propertyID("value"), \.value, from: old, to: newValue)
    }
  }
}

@KeyValueObservable
private final class Named {
  var name = ""
  var count = 0
}

@Suite("A property's identity")
struct PropertyIdentityTests {
  @Test("#propertyID, PropertyID(_:) and the observation macro give a property of one name one identifier")
  func oneIdentifierPerName() {
    #expect(#propertyID("name") == PropertyID("name"))
    #expect(#propertyID("value") != #propertyID("name"))
    // The macro's accessors report `name` under the identifier #propertyID computes: an observer of
    // the key path makes writes of that identifier reported.
    let named = Named()
    #expect(!named.keyValueRegistrar._reportsWrites(of: #propertyID("name")))
    let token = observe(named, \.name) { _ in }
    #expect(named.keyValueRegistrar._reportsWrites(of: #propertyID("name")))
    #expect(!named.keyValueRegistrar._reportsWrites(of: PropertyID("other")))
    token.unbind()
  }

  @Test("a generic class that conforms by hand with #propertyID is observed and bound like a macro one")
  func handWrittenGenericConformance() {
    let box = HandWrittenBox(1)
    let named = Named()
    var seen: [Int] = []
    let token = observe(box, \.value) { seen.append($0.newValue) }
    let binding = named.bind(\.count, to: box, \.value)
    #expect(named.count == 1)
    box.value = 2
    box.value = 3
    #expect(seen == [2, 3])
    #expect(named.count == 3)
    token.unbind()
    binding.unbind()
  }
}
