import Bindery
import BinderyControls
import BinderyTestKit
import Dispatch
import Testing

/// Objects handed to other threads in a test (the macro's classes are thread-safe).
private struct SharedObjects<Objects>: @unchecked Sendable {
  let objects: Objects
}

/// The model of ILBinding's example: `someKeyPath` is bound to a view's property through a controller.
@KeyValueObservable
final class SeedModel {
  var someKeyPath = "first"
}

/// A view with a plain property (no control: every change of it is heard).
@KeyValueObservable
final class SeedView {
  var someOtherKeyPath = ""
}

/// ILBinding's target object: the controller whose `aView` is replaced while bound.
@KeyValueObservable
final class SeedController {
  var aView = SeedView()
  var field = HeadlessTextField()
  var optionalView: SeedView?
  var optionalField: HeadlessTextField?
}

/// The controller of the threaded test: its view is kept behind a lock, as a property written from
/// several threads at once must be (plain storage would be a data race of the model's own).
@KeyValueObservable
final class ThreadedSeedController {
  @KeyValueTracked(locked: true) var aView = ThreadedSeedView()
}

/// The view of the threaded test: the binding writes and reads it from the threads that replace
/// it, so it keeps its property behind a lock too.
@KeyValueObservable
final class ThreadedSeedView {
  @KeyValueTracked(locked: true) var someOtherKeyPath = ""
}

/// A controller one more step away from the view (`\.inner.aView.someOtherKeyPath`).
@KeyValueObservable
final class SeedOuterController {
  var inner = SeedController()
}

@Suite("Target paths of several steps")
struct TargetChainTests {
  @Test(
    "the seed's binding: the model reaches controller.aView, follows a replaced view, and edits of the new view alone come back"
  )
  func theSeedScenario() {
    let model = SeedModel()
    let controller = SeedController()
    let first = controller.aView
    let binding = controller.bind(\.aView.someOtherKeyPath, to: model, \.someKeyPath)
    #expect(binding.direction == .both)
    #expect(first.someOtherKeyPath == "first")
    model.someKeyPath = "second"
    #expect(first.someOtherKeyPath == "second")

    let second = SeedView()
    controller.aView = second
    #expect(second.someOtherKeyPath == "second", "the new view gets the current value at once")
    model.someKeyPath = "third"
    #expect(second.someOtherKeyPath == "third")
    #expect(first.someOtherKeyPath == "second", "the old view is no longer written")
    #expect(first.keyValueRegistrar.observerCount == 0, "nor observed")

    second.someOtherKeyPath = "typed in the new view"
    #expect(model.someKeyPath == "typed in the new view")
    first.someOtherKeyPath = "typed in the old view"
    #expect(model.someKeyPath == "typed in the new view")
  }

  @Test("a control at the end of the path: its user edits come back, from the control the path reaches now only")
  func aControlAtTheEndOfThePath() {
    let model = SeedModel()
    let controller = SeedController()
    let first = controller.field
    controller.bind(\.field.text, to: model, \.someKeyPath)
    #expect(first.text == "first")
    first.userDidEdit(text: "Ada")
    #expect(model.someKeyPath == "Ada")

    let second = HeadlessTextField()
    controller.field = second
    #expect(second.text == "Ada")
    second.userDidEdit(text: "Grace")
    #expect(model.someKeyPath == "Grace")
    first.userDidEdit(text: "Edith")
    #expect(model.someKeyPath == "Grace", "the old field's edits are not heard")
    #expect(first.text == "Edith")
    #expect(first.keyValueRegistrar.observerCount == 0)
  }

  @Test("a path of three steps follows a replacement at any step")
  func threeSteps() {
    let model = SeedModel()
    let outer = SeedOuterController()
    outer.bind(\.inner.aView.someOtherKeyPath, to: model, \.someKeyPath)
    #expect(outer.inner.aView.someOtherKeyPath == "first")
    let inner = SeedController()
    outer.inner = inner
    #expect(inner.aView.someOtherKeyPath == "first")
    let view = SeedView()
    inner.aView = view
    #expect(view.someOtherKeyPath == "first")
    view.someOtherKeyPath = "edited"
    #expect(model.someKeyPath == "edited")
  }

  @Test("a one-way binding follows the path too, and writes nothing back")
  func oneWay() {
    let model = SeedModel()
    let controller = SeedController()
    let binding = controller.bind(
      \.aView.someOtherKeyPath, to: model, \.someKeyPath, options: BindingOptions(direction: .sourceToTarget))
    #expect(binding.direction == .sourceToTarget)
    let second = SeedView()
    controller.aView = second
    #expect(second.someOtherKeyPath == "first")
    second.someOtherKeyPath = "typed"
    #expect(model.someKeyPath == "first")
  }

  @Test("a target-to-source binding sends the value of the view the path reaches now, and of its edits, to the source")
  func targetToSourceFollowsTheView() {
    let model = SeedModel()
    let controller = SeedController()
    controller.aView.someOtherKeyPath = "shown"
    let binding = controller.bind(
      \.aView.someOtherKeyPath, to: model, \.someKeyPath, options: BindingOptions(direction: .targetToSource))
    #expect(binding.direction == .targetToSource)
    #expect(model.someKeyPath == "shown")
    let second = SeedView()
    second.someOtherKeyPath = "replacement"
    controller.aView = second
    #expect(model.someKeyPath == "replacement")
    #expect(second.someOtherKeyPath == "replacement", "nothing is written to the view")
    second.someOtherKeyPath = "typed"
    #expect(model.someKeyPath == "typed")
    model.someKeyPath = "from the model"
    #expect(second.someOtherKeyPath == "typed")
  }

  @Test("unbinding leaves no observer on the target, the objects on the path, or the source")
  func unbindingLeavesNoObserver() {
    let model = SeedModel()
    let controller = SeedController()
    let first = controller.aView
    let binding = controller.bind(\.aView.someOtherKeyPath, to: model, \.someKeyPath)
    controller.aView = SeedView()
    let second = controller.aView
    #expect(controller.keyValueRegistrar.observerCount > 0)
    #expect(second.keyValueRegistrar.observerCount > 0)
    binding.unbind()
    #expect(controller.keyValueRegistrar.observerCount == 0)
    #expect(first.keyValueRegistrar.observerCount == 0)
    #expect(second.keyValueRegistrar.observerCount == 0)
    #expect(model.keyValueRegistrar.observerCount == 0)
    model.someKeyPath = "after"
    #expect(second.someOtherKeyPath == "first")
    second.someOtherKeyPath = "typed"
    #expect(model.someKeyPath == "after")
  }

  @Test("when the target goes away the binding unbinds and leaves no observer on the view or the source")
  func theTargetGoingAway() {
    let tracker = LifetimeTracker()
    let model = SeedModel()
    let view = SeedView()
    weak var weakBinding: PropertyBinding?
    do {
      let controller = tracker.track(SeedController())
      controller.aView = view
      weakBinding = controller.bind(\.aView.someOtherKeyPath, to: model, \.someKeyPath)
      #expect(view.someOtherKeyPath == "first")
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
    #expect(weakBinding == nil)
    #expect(view.keyValueRegistrar.observerCount == 0)
    #expect(model.keyValueRegistrar.observerCount == 0)
    model.someKeyPath = "after"
    #expect(view.someOtherKeyPath == "first")
  }

  @Test("neither the view nor the controller is kept alive by the binding")
  func neitherEndIsRetained() {
    let tracker = LifetimeTracker()
    do {
      let model = tracker.track(SeedModel())
      let controller = tracker.track(SeedController())
      tracker.track(controller.aView)
      controller.bind(\.aView.someOtherKeyPath, to: model, \.someKeyPath)
      controller.aView = tracker.track(SeedView())
      #expect(controller.aView.someOtherKeyPath == "first")
    }
    #expect(tracker.liveCount == 0, "alive: \(tracker.liveTypeNames)")
  }

  @Test("through an optional view: nothing is written while it is nil, and the view that comes back gets the value")
  func throughAnOptionalView() {
    let model = SeedModel()
    let controller = SeedController()
    let binding = controller.bind(\.optionalView?.someOtherKeyPath, to: model, \.someKeyPath)
    #expect(binding.direction == .both)
    model.someKeyPath = "while nil"
    #expect(controller.optionalView == nil)
    let view = SeedView()
    controller.optionalView = view
    #expect(view.someOtherKeyPath == "while nil")
    view.someOtherKeyPath = "typed"
    #expect(model.someKeyPath == "typed")
    controller.optionalView = nil
    model.someKeyPath = "after"
    #expect(view.someOtherKeyPath == "typed", "the view that left is not written")
    #expect(view.keyValueRegistrar.observerCount == 0)
    view.someOtherKeyPath = "typed in the view that left"
    #expect(model.someKeyPath == "after")
    let other = SeedView()
    controller.optionalView = other
    #expect(other.someOtherKeyPath == "after")
    binding.unbind()
    #expect(controller.keyValueRegistrar.observerCount == 0)
    #expect(other.keyValueRegistrar.observerCount == 0)
    #expect(model.keyValueRegistrar.observerCount == 0)
  }

  @Test("through an optional control: user edits of the control there now come back")
  func throughAnOptionalControl() {
    let model = SeedModel()
    let controller = SeedController()
    let first = HeadlessTextField()
    controller.optionalField = first
    controller.bind(\.optionalField?.text, to: model, \.someKeyPath)
    #expect(first.text == "first")
    first.userDidEdit(text: "Ada")
    #expect(model.someKeyPath == "Ada")
    let second = HeadlessTextField()
    controller.optionalField = second
    #expect(second.text == "Ada")
    second.userDidEdit(text: "Grace")
    #expect(model.someKeyPath == "Grace")
    first.userDidEdit(text: "Edith")
    #expect(model.someKeyPath == "Grace")
  }

  @Test("a value the source refuses is shown by the control the path reaches now, and cleared there")
  func aRefusedValueIsShownByTheControlAtTheEndOfThePath() {
    let account = ChainAccount()
    let controller = SeedController()
    controller.bind(\.field.text, to: account, \.email)
    let field = HeadlessTextField()
    controller.field = field
    field.userDidEdit(text: "nope")
    #expect(field.validationError != nil)
    #expect(account.email == "")
    field.userDidEdit(text: "ada@example.org")
    #expect(field.validationError == nil)
    #expect(account.email == "ada@example.org")
  }

  @Test("on commit: the edit goes back when the control the path reaches now ends editing, not before")
  func onCommitThroughThePath() {
    let model = SeedModel()
    let controller = SeedController()
    let binding = controller.bind(
      \.field.text, to: model, \.someKeyPath, options: BindingOptions(updatesContinuously: false))
    let field = HeadlessTextField()
    controller.field = field
    #expect(field.text == "first")
    field.userDidBeginEditing()
    field.userDidEdit(text: "Grace")
    #expect(model.someKeyPath == "first")
    #expect(binding.hasPendingEdit)
    field.userDidEndEditing()
    #expect(model.someKeyPath == "Grace")
  }

  @Test(
    "views replaced from several threads at once: the view there at the end alone is written and heard",
    .timeLimit(.minutes(1)))
  func viewsReplacedFromSeveralThreads() {
    let model = SeedModel()
    let controller = ThreadedSeedController()
    controller.bind(\.aView.someOtherKeyPath, to: model, \.someKeyPath)
    let views = (0..<64).map { _ in ThreadedSeedView() }
    let shared = SharedObjects(objects: (controller, views))
    DispatchQueue.concurrentPerform(iterations: views.count) { index in
      shared.objects.0.aView = shared.objects.1[index]
    }
    let last = controller.aView
    #expect(last.someOtherKeyPath == "first")
    model.someKeyPath = "last"
    #expect(last.someOtherKeyPath == "last")
    let others = views.filter { $0 !== last }
    #expect(others.allSatisfy { $0.someOtherKeyPath != "last" })
    for view in others { view.someOtherKeyPath = "typed in a view that left" }
    #expect(model.someKeyPath == "last")
    last.someOtherKeyPath = "typed"
    #expect(model.someKeyPath == "typed")
    // The next replacement leaves subscriptions on the newest view alone.
    let newest = ThreadedSeedView()
    controller.aView = newest
    #expect(newest.someOtherKeyPath == "typed")
    #expect(views.allSatisfy { $0.keyValueRegistrar.observerCount == 0 })
  }

  @Test("a binding of a target path is described, found and ended by that path, through optionals too")
  func describedFoundAndEndedByItsPath() {
    let model = SeedModel()
    let controller = SeedController()
    let plain = controller.bind(\.aView.someOtherKeyPath, to: model, \.someKeyPath)
    let optional = controller.bind(\.optionalView?.someOtherKeyPath, to: model, \.someKeyPath)
    #expect(plain.description.hasPrefix("SeedController.aView.someOtherKeyPath ⇄ SeedModel.someKeyPath"))
    #expect(optional.description.hasPrefix("SeedController.optionalView?.someOtherKeyPath ⇄ SeedModel.someKeyPath"))
    #expect(controller.binding(for: \.aView.someOtherKeyPath) === plain)
    #expect(controller.binding(for: \.optionalView?.someOtherKeyPath) === optional)
    controller.unbind(\.optionalView?.someOtherKeyPath)
    #expect(!optional.isBound)
    #expect(plain.isBound)
  }

  @Test("a one-step target is not followed as a chain: its binding keeps one subscription on the target")
  func aOneStepTargetIsUnchanged() {
    let model = SeedModel()
    let view = SeedView()
    view.bind(\.someOtherKeyPath, to: model, \.someKeyPath)
    #expect(view.keyValueRegistrar.observerCount == 1)
    view.someOtherKeyPath = "typed"
    #expect(model.someKeyPath == "typed")
  }
}
