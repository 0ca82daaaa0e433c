import Bindery
import BinderyControls
import BinderyTestFixtures
import Testing

@Suite("One verb ends what Bindery links, one set keeps it")
struct OneVerbTests {
  @Test func anObservationEndsWithUnbindAndSaysSo() {
    let person = Person(firstName: "Ada")
    var seen: [String] = []
    let observation = observe(person, \.firstName) { seen.append($0.newValue) }
    #expect(observation.isBound)
    person.firstName = "Grace"
    observation.unbind()
    observation.unbind()  // twice does nothing
    person.firstName = "Hedy"
    #expect(seen == ["Grace"])
    #expect(!observation.isBound)
  }

  @Test func aBindingSetKeepsObservationsBesideBindingsAndEndsThemTogether() {
    let person = Person(firstName: "Ada")
    let label = HeadlessLabel()
    let bindings = BindingSet()
    var seen: [String] = []
    label.bind(\.text, to: person, \.firstName).store(in: bindings)
    observe(person, \.firstName) { seen.append($0.newValue) }.store(in: bindings)
    person.firstName = "Grace"
    #expect(label.text == "Grace")
    #expect(seen == ["Grace"])
    bindings.unbind()
    person.firstName = "Hedy"
    #expect(label.text == "Grace")
    #expect(seen == ["Grace"])
  }

  @Test func anObservationKeptOnlyByItsSetLivesAsLongAsTheSet() {
    let person = Person(firstName: "Ada")
    var seen: [String] = []
    var bindings: BindingSet? = BindingSet()
    observe(person, \.firstName) { seen.append($0.newValue) }.store(in: bindings!)
    person.firstName = "Grace"
    bindings = nil
    person.firstName = "Hedy"
    #expect(seen == ["Grace"])
  }
}
