import BinderyControls

/// A stepper (`kind: stepper`): value, minimum, maximum, step, enabled and hidden.
final class StepperMirror: WebMirror {
  let stepper: HeadlessStepper

  init(_ stepper: HeadlessStepper, id: String, collector: PatchCollector) {
    self.stepper = stepper
    super.init(id: id, kind: "stepper", collector: collector)
    watch(stepper, \.value, as: "value") { .number($0) }
    watch(stepper, \.minimumValue, as: "min") { .number($0) }
    watch(stepper, \.maximumValue, as: "max") { .number($0) }
    watch(stepper, \.increment, as: "step") { .number($0) }
    watch(stepper, \.isEnabled, as: "enabled") { .bool($0) }
    watch(stepper, \.isHidden, as: "hidden") { .bool($0) }
  }

  override var valueKey: String? { "value" }

  override func properties() -> [(key: String, value: JSONValue)] {
    [
      ("value", .number(stepper.value)), ("min", .number(stepper.minimumValue)),
      ("max", .number(stepper.maximumValue)), ("step", .number(stepper.increment)),
      ("enabled", .bool(stepper.isEnabled)), ("hidden", .bool(stepper.isHidden)),
    ]
  }

  override func receiveEdit(_ value: JSONValue) throws(WebInputError) {
    guard case .number(let number) = value, number.isFinite else { throw wrongType("a number") }
    guard stepper.userDidStep(to: number) else { throw disabled() }
  }
}
