import Bindery
import BinderyTestKit
import Testing

protocol HolderDelegate: AnyObject {}

final class DelegateObject: HolderDelegate {}

@KeyValueObservable
final class DelegatingModel {
  weak var delegate: (any HolderDelegate)?
  weak var referent: Referent?
}

@KeyValueObservable
final class ModelOwner {
  var model: DelegatingModel?
}

@Suite("Observers keep no object alive")
struct WeakValueLifetimeTests {
  @Test("A tracked observation of a weak property lets its object go")
  func trackedObservationsLetObjectsGo() {
    let tracker = LifetimeTracker()
    let model = DelegatingModel()
    var seen: [Bool] = []
    let token = observe {
      model.referent
    } onChange: {
      seen.append($0 != nil)
    }
    do { model.referent = tracker.track(Referent("a")) }
    #expect(tracker.liveCount == 0)
    #expect(seen == [true])
    token.unbind()
  }

  @Test("An observation through a chain lets the object at its end go")
  func chainObservationsLetObjectsGo() {
    let tracker = LifetimeTracker()
    let owner = ModelOwner()
    owner.model = DelegatingModel()
    var changes = 0
    let token = observe(owner, \.model?.referent) { _ in changes += 1 }
    do { owner.model?.referent = tracker.track(Referent("a")) }
    #expect(tracker.liveCount == 0)
    #expect(changes == 1)
    token.unbind()
  }

  @Test("An observation started while a weak property holds an object lets it go")
  func observationsStartedOnAnObjectLetItGo() {
    let tracker = LifetimeTracker()
    let model = DelegatingModel()
    var token: KeyValueObservation?
    var tracking: KeyValueObservation?
    do {
      let referent = tracker.track(Referent("a"))
      model.referent = referent
      token = observe(model, \.referent, options: .initial) { _ in }
      tracking = observe {
        model.referent?.name
      } onChange: { _ in
      }
    }
    #expect(tracker.liveCount == 0)
    #expect(model.referent == nil)
    token?.unbind()
    tracking?.unbind()
  }

  @Test("A class-bound protocol value is let go too, and the next change still arrives")
  func existentialValuesAreLetGo() {
    let tracker = LifetimeTracker()
    let model = DelegatingModel()
    var changes: [Bool] = []
    let token = observe {
      model.delegate
    } onChange: {
      changes.append($0 != nil)
    }
    do { model.delegate = tracker.track(DelegateObject()) }
    #expect(tracker.liveCount == 0)
    let next = DelegateObject()
    model.delegate = next
    #expect(changes == [true, true])
    token.unbind()
  }

  @Test("A binding from a weak property lets its object go")
  func bindingsLetObjectsGo() {
    let tracker = LifetimeTracker()
    let source = DelegatingModel()
    let target = DelegatingModel()
    let binding = target.bind(\.referent, to: source, \.referent)
    do {
      let referent = tracker.track(Referent("a"))
      source.referent = referent
      #expect(target.referent === referent)
    }
    #expect(tracker.liveCount == 0)
    binding.unbind()
  }
}
