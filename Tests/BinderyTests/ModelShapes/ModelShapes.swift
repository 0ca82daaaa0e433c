import Bindery
import Foundation

// Model shapes people write: storage modifiers, observers, Codable, isolation, explicit
// conformances, Sendable. Each must compile and keep the meaning Swift gives it.

final class Referent {
  var name: String
  init(_ name: String = "") { self.name = name }
}

@KeyValueObservable
final class WeakHolder {
  weak var delegate: Referent?
  unowned var owner: Referent
  unowned(unsafe) var unsafeOwner: Referent
  var strong: Referent?

  init(owner: Referent) {
    self.owner = owner
    self.unsafeOwner = owner
  }
}

@KeyValueObservable
final class OptionalUnownedHolder {
  unowned var object: Referent? = nil
}

@KeyValueObservable
final class ImplicitlyUnwrapped {
  // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
  // The shape under test: an implicitly unwrapped optional property.
  var count: Int! = nil
}

@KeyValueObservable
final class LazyHolder {
  var base = 2
  var computations = 0
  lazy var doubled: Int = {
    computations += 1
    return base * 2
  }()
}

@propertyWrapper
struct Clamped {
  private var value: Int
  var wrappedValue: Int {
    get { value }
    set { value = min(max(newValue, 0), 10) }
  }
  init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
}

@KeyValueObservable
final class WrappedHolder {
  @Clamped var level = 3
  var other = 0
}

@KeyValueObservable
final class AvailabilityHolder {
  @available(*, deprecated, message: "use current")
  var legacy = 0
  var current = 0
  @available(macOS 99, iOS 99, tvOS 99, watchOS 99, visionOS 99, *)
  var future: Int { current + 1 }
}

/// Records what happens around each change of `value`.
@KeyValueObservable
final class ObservedProperty {
  @KeyValueIgnored var events: [String] = []
  var value = 0 {
    willSet { events.append("willSet \(value) → \(newValue)") }
    didSet { events.append("didSet \(oldValue) → \(value)") }
  }
  /// Kept between 0 and 100 by its own didSet.
  var percent = 0 {
    didSet {
      if percent > 100 { percent = 100 }
    }
  }
  var tags: [String] = [] {
    didSet { events.append("tags \(oldValue.count) → \(tags.count)") }
  }
}

/// A level clamped to 10 by its own `didSet`, which counts its runs; and `self.` spellings, a
/// shadowing local and another object's property of the same name, which stay as written.
@KeyValueObservable
final class ClampedLevel {
  @KeyValueIgnored var didSetRuns = 0
  @KeyValueIgnored var willSetRuns = 0
  @KeyValueIgnored var other: ClampedLevel?
  var level = 0 {
    willSet { willSetRuns += 1 }
    didSet {
      didSetRuns += 1
      level = min(level, 10)
    }
  }
  var gain = 0.0 {
    didSet { gain = min(gain, 10) }
  }
  var code = "" {
    didSet { code = code.uppercased() }
  }
  var selfLevel = 0 {
    didSet { if self.selfLevel < 0 { self.selfLevel = 0 } }
  }
  var mirrored = 0 {
    didSet {
      // `other.mirrored` is another object's property: its own setter runs, and notifies.
      other?.mirrored = mirrored
      let mirrored = 99
      didSetRuns += mirrored == 99 ? 1 : 0
    }
  }
}

@KeyValueObservable
class CodableModel: Codable {
  var field: Int = 3
  var name = "a"
  let id: Int
  var nickname: String?
  @KeyValueIgnored var note = ""

  init(id: Int) { self.id = id }
}

@KeyValueObservable
final class CodableWithOwnKeys: Codable {
  var field = 3
  var other = "x"

  enum CodingKeys: String, CodingKey {
    case _field = "f"
    case _other = "o"
  }
}

@KeyValueObservable
final class IsolatedProperty {
  @MainActor var title = "hello"
  var count = 0
}

@KeyValueObservable
final class IsolatedPropertyWithoutInitialValue {
  @MainActor var title: String
  @MainActor init(title: String) { self.title = title }
}

@KeyValueObservable
final class NamesItsConformance: KeyValueObservable {
  var value = 0
}

protocol RefinesObservable: KeyValueObservable {}

@KeyValueObservable
final class ConformsThroughRefinement: RefinesObservable {
  var value = 0
}

@KeyValueObservable
final class SendableModel: Sendable {
  var count: Int = 0
  var name = ""
  var tags: [String] = []
}

struct CopyOnWriteContainer {
  final class Contents {}
  var contents = Contents()
  mutating func mutate() {
    if !isKnownUniquelyReferenced(&contents) { contents = Contents() }
  }
  var id: ObjectIdentifier { ObjectIdentifier(contents) }
}

@KeyValueObservable
final class CopyOnWriteHolder {
  var container = CopyOnWriteContainer()
}

@KeyValueObservable
final class InitialValueFromClosure {
  var state: Bool = {
    let value = true
    return value
  }()
}

struct GenericParent<T> {
  @KeyValueObservable
  final class Nested {
    var value = 3
  }
}

@KeyValueObservable
class ObservedBase {
  var value = 0
}

/// Adds observers to an inherited observable property.
@KeyValueObservable
final class ObservingSubclass: ObservedBase {
  @KeyValueIgnored var seen: [Int] = []
  override var value: Int {
    didSet { seen.append(value) }
  }
}
