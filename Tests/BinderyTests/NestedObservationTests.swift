import Bindery
import BinderyTestFixtures
import Testing

/// Holds the token of an observation started inside another one's closure.
private final class TokenBox {
  var tokens: [KeyValueObservation] = []
}

@Suite("Observations started inside a tracked closure")
struct NestedObservationTests {
  @Test("An observation started inside a tracked closure tracks its own reads; the enclosing one is not told of them")
  func innerReadsBelongToTheInnerObservation() {
    let outerModel = Node()
    let innerModel = Node()
    let box = TokenBox()
    var outerCount = 0
    var innerValues: [Int] = []
    let outer = observe {
      _ = outerModel.value
      box.tokens.append(
        observe {
          innerModel.value
        } onChange: {
          innerValues.append($0)
        })
    } onChange: {
      outerCount += 1
    }
    innerModel.value = 1
    #expect(innerValues == [1])
    #expect(outerCount == 0)
    outerModel.value = 1
    #expect(outerCount == 1)
    outer.unbind()
    box.tokens.removeAll()
  }

  @Test("Reads the enclosing closure makes itself, before and after the inner observation, are tracked")
  func theEnclosingClosuresOwnReadsAreTracked() {
    let first = Node()
    let second = Node()
    let inner = Node()
    let box = TokenBox()
    var outerCount = 0
    let outer = observe {
      _ = first.value
      box.tokens.append(
        observe {
          inner.value
        } onChange: { _ in
        })
      _ = second.value
    } onChange: {
      outerCount += 1
    }
    second.value = 1
    #expect(outerCount == 1)
    first.value = 1
    #expect(outerCount == 2)
    inner.value = 1
    #expect(outerCount == 2)
    outer.unbind()
    box.tokens.removeAll()
  }

  @Test("A property read by both is reported to both")
  func aPropertyBothReadNotifiesBoth() {
    let model = Node()
    let box = TokenBox()
    var outerCount = 0
    var innerCount = 0
    let outer = observe {
      _ = model.name
      box.tokens.append(
        observe {
          model.name
        } onChange: { _ in
          innerCount += 1
        })
    } onChange: {
      outerCount += 1
    }
    model.name = "c"
    #expect(innerCount >= 1)
    #expect(outerCount == 1)
    outer.unbind()
    box.tokens.removeAll()
  }

  @Test("A binding made inside a tracked closure does not make the closure depend on what it binds")
  func bindingsMadeInsideATrackedClosureStayTheirOwn() {
    let controller = PersonController(person: Person(firstName: "Ada"))
    let label = Node()
    var bindings: [PropertyBinding] = []
    var rebuilt = 0
    let outer = observe {
      _ = controller.isSaving
      bindings.append(label.bind(\.name, to: controller, \.person!.firstName))
    } onChange: {
      rebuilt += 1
    }
    controller.person?.firstName = "Grace"
    #expect(label.name == "Grace")
    #expect(rebuilt == 0)
    outer.unbind()
    for binding in bindings { binding.unbind() }
  }
}
