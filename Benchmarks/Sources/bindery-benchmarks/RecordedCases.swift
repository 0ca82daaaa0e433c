import Bindery
import BinderyControls

/// `binderyOneWay` with diagnostics recording: each change records its value and cause.
func binderyOneWayRecorded(operations: Int) -> Double {
  BindingDiagnostics.isRecording = true
  defer { BindingDiagnostics.isRecording = false }
  let source = Counter()
  let target = Counter()
  target.bind(\.value, to: source, \.value, options: BindingOptions(direction: .sourceToTarget))
  let result = measure(operations: operations) { count in
    for index in 0..<count { source.value = index }
  }
  blackHole(target.value)
  return result
}

/// `binderyChainTwoHop` with diagnostics recording.
func binderyChainTwoHopRecorded(operations: Int) -> Double {
  BindingDiagnostics.isRecording = true
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
