import Bindery
import BinderyControls
import BinderySpec
import Testing

@KeyValueObservable
final class SpecSeedModel {
  var someKeyPath = "first"
}

@KeyValueObservable
final class SpecSeedView {
  var someOtherKeyPath = ""
  var field = HeadlessTextField()
}

/// ILBinding's owner: the model, and the view whose property is bound through `aView`.
@KeyValueObservable
final class SpecSeedController {
  var model = SpecSeedModel()
  var aView = SpecSeedView()
  var optionalView: SpecSeedView? = SpecSeedView()
  /// An object on the way that is computed: not observable, so resolved once at load.
  var computedView: SpecSeedView { aView }
}

@Suite("Bindings sets with target paths of several steps")
struct TargetChainSpecTests {
  @Test("the seed's definition (target self, aView.someOtherKeyPath) follows a replaced view both ways")
  func theSeedsDefinitionFollowsAReplacedView() throws {
    let owner = SpecSeedController()
    let first = owner.aView
    let set = try BindingSetDefinition(bindings: [
      BindingDefinition(
        source: "model", sourceKeyPath: "someKeyPath", target: "self", targetKeyPath: "aView.someOtherKeyPath")
    ]).bind(owner: owner)
    #expect(first.someOtherKeyPath == "first")

    let second = SpecSeedView()
    owner.aView = second
    #expect(second.someOtherKeyPath == "first", "the new view gets the value at once")
    owner.model.someKeyPath = "second"
    #expect(second.someOtherKeyPath == "second")
    #expect(first.someOtherKeyPath == "first", "the old view is no longer written")
    #expect(first.keyValueRegistrar.observerCount == 0, "nor observed")

    second.someOtherKeyPath = "typed"
    #expect(owner.model.someKeyPath == "typed")
    first.someOtherKeyPath = "typed in the old view"
    #expect(owner.model.someKeyPath == "typed")

    set.unbind()
    #expect(owner.keyValueRegistrar.observerCount == 0)
    #expect(second.keyValueRegistrar.observerCount == 0)
    #expect(owner.model.keyValueRegistrar.observerCount == 0)
  }

  @Test("a control at the end of a dotted target path hears user edits on the control the path reaches now")
  func aControlAtTheEndOfADottedPath() throws {
    let owner = SpecSeedController()
    let set = try BindingSetDefinition(bindings: [
      BindingDefinition(
        source: "model", sourceKeyPath: "someKeyPath", target: "self", targetKeyPath: "aView.field.text")
    ]).bind(owner: owner)
    let first = owner.aView.field
    #expect(first.text == "first")
    owner.aView.field = HeadlessTextField()
    let second = owner.aView.field
    #expect(second.text == "first")
    second.userDidEdit(text: "Grace")
    #expect(owner.model.someKeyPath == "Grace")
    first.userDidEdit(text: "Edith")
    #expect(owner.model.someKeyPath == "Grace")
    set.unbind()
    #expect(second.keyValueRegistrar.observerCount == 0)
  }

  @Test(
    "a dotted target path through an optional view writes nothing while it is nil, and the view that comes back gets the value"
  )
  func aDottedPathThroughAnOptionalView() throws {
    let owner = SpecSeedController()
    let first = try #require(owner.optionalView)
    let set = try BindingSetDefinition(bindings: [
      BindingDefinition(
        source: "model", sourceKeyPath: "someKeyPath", target: "self", targetKeyPath: "optionalView.someOtherKeyPath")
    ]).bind(owner: owner)
    #expect(first.someOtherKeyPath == "first")
    owner.optionalView = nil
    owner.model.someKeyPath = "while nil"
    #expect(first.someOtherKeyPath == "first")
    #expect(first.keyValueRegistrar.observerCount == 0)
    let second = SpecSeedView()
    owner.optionalView = second
    #expect(second.someOtherKeyPath == "while nil")
    second.someOtherKeyPath = "typed"
    #expect(owner.model.someKeyPath == "typed")
    first.someOtherKeyPath = "typed in the view that left"
    #expect(owner.model.someKeyPath == "typed")
    set.unbind()
    #expect(second.keyValueRegistrar.observerCount == 0)
    #expect(owner.keyValueRegistrar.observerCount == 0)
    #expect(owner.model.keyValueRegistrar.observerCount == 0)
  }

  @Test("a dotted target path through a computed object is bound to the object there at load, two-way as before")
  func aComputedObjectOnTheWayIsResolvedOnce() throws {
    let owner = SpecSeedController()
    let view = owner.aView
    let set = try BindingSetDefinition(bindings: [
      BindingDefinition(
        source: "model", sourceKeyPath: "someKeyPath", target: "self", targetKeyPath: "computedView.someOtherKeyPath")
    ]).bind(owner: owner)
    #expect(view.someOtherKeyPath == "first")
    view.someOtherKeyPath = "typed"
    #expect(owner.model.someKeyPath == "typed")
    set.unbind()
  }

  @Test(
    "a pattern definition with a dotted target path shows its text in a replaced view at once, and not in the old one"
  )
  func aPatternDefinitionFollowsAReplacedView() throws {
    let owner = SpecSeedController()
    weak var left: SpecSeedView?
    let set: BindingSet
    do {
      let first = owner.aView
      left = first
      set = try BindingSetDefinition(bindings: [
        BindingDefinition(
          source: "model", sourceKeyPath: "someKeyPath", target: "self", targetKeyPath: "aView.someOtherKeyPath",
          displayPattern: "<%{value1}@>")
      ]).bind(owner: owner)
      #expect(first.someOtherKeyPath == "<first>")

      let second = SpecSeedView()
      owner.aView = second
      #expect(second.someOtherKeyPath == "<first>", "the new view shows the text at once")
      owner.model.someKeyPath = "second"
      #expect(second.someOtherKeyPath == "<second>")
      #expect(first.someOtherKeyPath == "<first>", "the old view is no longer written")
      #expect(first.keyValueRegistrar.observerCount == 0, "nor observed")
    }
    #expect(left == nil, "nor kept")
    set.unbind()
    #expect(owner.keyValueRegistrar.observerCount == 0)
    #expect(owner.aView.keyValueRegistrar.observerCount == 0)
    #expect(owner.model.keyValueRegistrar.observerCount == 0)
  }

  @Test(
    "a pattern definition through an optional view writes nothing while it is nil, and the view that comes back shows the text"
  )
  func aPatternDefinitionThroughAnOptionalView() throws {
    let owner = SpecSeedController()
    let first = try #require(owner.optionalView)
    let set = try BindingSetDefinition(
      yaml: """
        bindings:
        - source: model
          sourceKeyPath: someKeyPath
          target: self
          targetKeyPath: optionalView.someOtherKeyPath
          displayPattern: '<%{value1}@>'
        """
    ).bind(owner: owner)
    #expect(first.someOtherKeyPath == "<first>")
    owner.optionalView = nil
    owner.model.someKeyPath = "while nil"
    #expect(first.someOtherKeyPath == "<first>")
    let second = SpecSeedView()
    owner.optionalView = second
    #expect(second.someOtherKeyPath == "<while nil>")
    owner.model.someKeyPath = "back"
    #expect(second.someOtherKeyPath == "<back>")
    #expect(first.someOtherKeyPath == "<first>")
    set.unbind()
  }

  @Test(
    "conditionallySetsEnabled in a definition with a dotted target path enables the control at its end, and follows a replaced control"
  )
  func conditionalEnablingFollowsTheControlAtTheEnd() throws {
    let owner = SpecEnablingOwner()
    weak var left: HeadlessTextField?
    do {
      let first = owner.field
      left = first
      _ = try BindingSetDefinition(
        yaml: """
          bindings:
          - source: self
            sourceKeyPath: person.name
            target: self
            targetKeyPath: field.text
            conditionallySetsEnabled: true
          """
      ).bind(owner: owner)
      #expect(first.text == "Ada")
      #expect(first.isEnabled)
      owner.person = nil
      #expect(!first.isEnabled, "the control at the end of the path is disabled")

      let second = HeadlessTextField()
      owner.field = second
      #expect(!second.isEnabled, "the control the path reaches now gets the enabled state at once")
      owner.person = SpecEnablingPerson()
      #expect(second.isEnabled)
      #expect(second.text == "Ada")
      #expect(!first.isEnabled, "the control left is left alone")
    }
    #expect(left == nil, "and released")
  }

  @Test("two definitions of a combining property at the end of a dotted target path combine on the control there")
  func combinedDefinitionsAtTheEndOfADottedPath() throws {
    let owner = SpecEnablingOwner()
    let first = owner.field
    let set = try BindingSetDefinition(
      yaml: """
        bindings:
        - source: self
          sourceKeyPath: isSaving
          target: self
          targetKeyPath: field.isHidden
        - source: self
          sourceKeyPath: isLocked
          target: self
          targetKeyPath: field.isHidden
        """
    ).bind(owner: owner)
    #expect(set.bindings.count == 2)
    owner.isSaving = true
    #expect(first.isHidden, "isHidden combines its definitions with OR")
    owner.isSaving = false
    owner.isLocked = true
    #expect(first.isHidden)

    let second = HeadlessTextField()
    owner.field = second
    #expect(second.isHidden, "the control the path reaches now gets the combined value at once")
    owner.isLocked = false
    #expect(!second.isHidden)
    #expect(first.isHidden, "the control left is no longer written")
    set.unbind()
    #expect(owner.keyValueRegistrar.observerCount == 0)
  }
}

@KeyValueObservable
private final class SpecEnablingPerson {
  var name = "Ada"
}

/// An owner whose text field is bound through a dotted target path (`field.text`, `field.isHidden`).
@KeyValueObservable
private final class SpecEnablingOwner {
  var person: SpecEnablingPerson? = SpecEnablingPerson()
  var field = HeadlessTextField()
  var isSaving = false
  var isLocked = false
}
