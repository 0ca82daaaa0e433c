import Bindery
import BinderyControls

/// The seeds' own binding, `field.bind(\.text, to: controller, \.person?.firstName)`: a change of
/// `firstName` at the end of the two-hop chain.
func binderyChainTwoHop(operations: Int, recorded: Bool = false) -> Double {
  // Recorded: diagnostics on, each change recording its value and cause.
  BindingDiagnostics.isRecording = recorded
  defer { BindingDiagnostics.isRecording = false }
  let controller = PersonController()
  let field = HeadlessTextField()
  field.bind(\.text, to: controller, \.person?.firstName)
  let names = ["Ada", "Grace"]
  let result = measure(operations: operations) { count in
    for index in 0..<count { controller.person?.firstName = names[index & 1] }
  }
  blackHole(field.text)
  return result
}

/// The same binding, re-targeted: `controller.person` replaced by another person each time.
func binderyChainRetarget(operations: Int) -> Double {
  let controller = PersonController()
  let ada = Person()
  let grace = Person()
  grace.firstName = "Grace"
  let people = [ada, grace]
  let field = HeadlessTextField()
  let binding = field.bind(\.text, to: controller, \.person?.firstName)
  let result = measure(operations: operations) { count in
    for index in 0..<count { controller.person = people[index & 1] }
  }
  precondition(field.text == controller.person?.firstName, "the field did not follow the new person")
  // In a release build too, a chain through an optional is written back at its last property.
  precondition(binding.direction == .both, "the chain binding is not two-way")
  field.userDidEdit(text: "Edited")
  precondition(controller.person?.firstName == "Edited", "an edit did not reach the person")
  return result
}
