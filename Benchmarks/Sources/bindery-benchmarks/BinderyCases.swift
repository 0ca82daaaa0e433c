import Bindery
import BinderyControls

@KeyValueObservable
final class Counter {
  var value = 0
}

@KeyValueObservable
final class Person {
  var firstName = "Ada"
  var lastName = "Lovelace"
  var fullName: String { firstName + " " + lastName }
}

@KeyValueObservable
final class PersonController {
  var person: Person? = Person()
}

func binderyOneWay(operations: Int, recorded: Bool = false) -> Double {
  // Recorded: diagnostics on, each change recording its value and cause.
  BindingDiagnostics.isRecording = recorded
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

/// One-way through a transformer (Int → Int), to price the transformer against `binderyOneWay`.
func binderyTransformerOneWay(operations: Int) -> Double {
  let source = Counter()
  let target = Counter()
  target.bind(
    \.value, to: .keyPath(source, \.value, converted: ClosureTransformer { $0 &+ 1 }),
    options: BindingOptions(direction: .sourceToTarget)
  )
  let result = measure(operations: operations) { count in
    for index in 0..<count { source.value = index }
  }
  blackHole(target.value)
  return result
}

@KeyValueObservable
final class Flags {
  var isReady = true
  var isSaving = false
}

/// A field's `isEnabled` bound to two inputs (AND); each change flips one input.
func binderyAndTwoInputs(operations: Int) -> Double {
  let flags = Flags()
  let field = HeadlessTextField()
  field.bind(\.isEnabled, to: flags, \.isReady)
  field.bind(\.isEnabled, to: .keyPath(flags, \.isSaving, converted: NegateBooleanTransformer()))
  let result = measure(operations: operations) { count in
    for index in 0..<count { flags.isSaving = index & 1 == 0 }
  }
  blackHole(field.isEnabled)
  return result
}

func binderyTwoWay(operations: Int) -> Double {
  let source = Counter()
  let target = Counter()
  target.bind(\.value, to: source, \.value)
  let result = measure(operations: operations) { count in
    for index in 0..<count {
      if index & 1 == 0 { source.value = index } else { target.value = index }
    }
  }
  blackHole(source.value &+ target.value)
  return result
}

func binderyTrackedFullName(operations: Int) -> Double {
  let controller = PersonController()
  let label = HeadlessLabel()
  label.bind(\.text, to: controller, \.person?.fullName)
  let names = ["Ada", "Grace"]
  let result = measure(operations: operations) { count in
    for index in 0..<count { controller.person?.firstName = names[index & 1] }
  }
  blackHole(label.text)
  return result
}

/// Nanoseconds per observer for one change delivered to 1,000 bound targets.
func binderyFanOut(operations: Int) -> Double {
  let source = Counter()
  let targets = (0..<1000).map { _ in Counter() }
  for target in targets {
    target.bind(\.value, to: source, \.value, options: BindingOptions(direction: .sourceToTarget))
  }
  let changes = max(operations / 1000, 10)
  let perChange = measure(operations: changes) { count in
    for index in 0..<count { source.value = index }
  }
  blackHole(targets.last?.value)
  return perChange / 1000
}

func binderyBindUnbind(operations: Int) -> Double {
  let source = Counter()
  let target = Counter()
  return measure(operations: operations) { count in
    for _ in 0..<count {
      let binding = target.bind(\.value, to: source, \.value, options: BindingOptions(direction: .sourceToTarget))
      binding.unbind()
    }
  }
}

/// Bytes per live binding, with `count` bindings (targets are made first and not counted).
func binderyBytesPerBinding(count: Int) -> Double {
  let source = Counter()
  let targets = (0..<count).map { _ in Counter() }
  let before = allocatedBytes()
  for target in targets {
    target.bind(\.value, to: source, \.value, options: BindingOptions(direction: .sourceToTarget))
  }
  let after = allocatedBytes()
  source.value = 1
  blackHole(targets.last?.value)
  return Double(after - before) / Double(count)
}

/// Nanoseconds per unbinding when `count` bindings of one source property are unbound front-first,
/// back-first and in a shuffled order: the slowest order's best of `rounds` (each round's bindings
/// are made afresh and not timed).
func unbindFromOneSource(count: Int, rounds: Int) -> Double {
  var slowest = 0.0
  for order in 0..<3 {
    var best = Double.infinity
    for _ in 0..<rounds {
      let source = Counter()
      let targets = (0..<count).map { _ in Counter() }
      var bindings = targets.map { target in
        target.bind(\.value, to: source, \.value, options: BindingOptions(direction: .sourceToTarget))
      }
      if order == 1 { bindings.reverse() }
      if order == 2 {
        var generator = BenchmarkGenerator(state: 42)
        bindings.shuffle(using: &generator)
      }
      let start = nanoseconds()
      for binding in bindings { binding.unbind() }
      best = min(best, Double(nanoseconds() - start) / Double(count))
      source.value = 1
      blackHole(targets.last?.value)
    }
    slowest = max(slowest, best)
  }
  return slowest
}
