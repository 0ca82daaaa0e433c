import Bindery
import BinderyTestFixtures
import BinderyTestKit
import Synchronization

/// The seeds' PersonViewController, as a model: a person that may be swapped, and a saving flag.
@KeyValueObservable
final class PersonController {
  var person: Person?
  var isSaving = false

  init(person: Person? = nil) {
    self.person = person
  }
}

/// A plain observable value holder, for cycles and two-way tests.
@KeyValueObservable
final class Node {
  var value: Int = 0
  var name: String = ""
}

/// A non-final observable class and its observable subclass.
@KeyValueObservable
class Vehicle {
  var wheels = 4
}

@KeyValueObservable
final class Truck: Vehicle {
  var load = 0.0
}

/// A generic observable class.
@KeyValueObservable
final class Box<Content> {
  var content: Content

  init(_ content: Content) {
    self.content = content
  }
}

/// An observable class isolated to the main actor.
@MainActor
@KeyValueObservable
final class MainActorModel {
  var title = "untitled"
}

/// A class written without the macro: it conforms by hand, with a registrar and atomic storage, so it
/// is `Sendable` and can be mutated from any thread.
final class SharedCounter: KeyValueObservable, Sendable {
  let keyValueRegistrar = KeyValueRegistrar()
  private let storage = Atomic(0)
  static let valueID = PropertyID("value")

  var value: Int {
    get {
      keyValueRegistrar.access(self, Self.valueID, \.value)
      return storage.load(ordering: .acquiring)
    }
    set {
      let old = storage.exchange(newValue, ordering: .acquiringAndReleasing)
      guard old != newValue else { return }
      keyValueRegistrar.didSet(self, Self.valueID, \.value, from: old, to: newValue)
    }
  }
}

/// A class that is not observable, on the way of a key path.
final class PlainHolder {
  var node = Node()
}

@KeyValueObservable
final class Holder {
  var plain = PlainHolder()
}

/// A target that counts every programmatic set of its text (to prove echo-free bindings).
final class CountingField: EditableControl {
  let keyValueRegistrar = KeyValueRegistrar()
  private var _text: String?
  private(set) var setCount = 0

  var text: String? {
    get {
      keyValueRegistrar.access(self, PropertyID("text"), \.text)
      return _text
    }
    set {
      setCount += 1
      let old = _text
      guard old != newValue else { return }
      _text = newValue
      keyValueRegistrar.didSet(self, PropertyID("text"), \.text, from: old, to: newValue)
    }
  }

  /// Types as a user would: the value-changed event.
  func type(_ text: String) {
    _text = text
    keyValueRegistrar.userDidEdit(self, PropertyID("text"), \.text, value: _text)
  }
}

/// A counter that records any write that reaches it once its deinitialization has begun (a binding
/// must never write an object that is going away).
final class DyingCounter: KeyValueObservable, Sendable {
  let keyValueRegistrar = KeyValueRegistrar()
  private let storage = Atomic(0)
  private let isGone = Atomic(false)
  private let lateWrites: AtomicCounter
  static let valueID = PropertyID("value")

  init(lateWrites: AtomicCounter) {
    self.lateWrites = lateWrites
  }

  deinit {
    isGone.store(true, ordering: .sequentiallyConsistent)
  }

  var value: Int {
    get {
      keyValueRegistrar.access(self, Self.valueID, \.value)
      return storage.load(ordering: .acquiring)
    }
    set {
      if isGone.load(ordering: .sequentiallyConsistent) { lateWrites.increment() }
      let old = storage.exchange(newValue, ordering: .acquiringAndReleasing)
      guard old != newValue else { return }
      keyValueRegistrar.didSet(self, Self.valueID, \.value, from: old, to: newValue)
    }
  }
}
