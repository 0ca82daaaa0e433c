import Bindery
import Observation

/// The same model as `Counter`, also `Observation.Observable`.
@KeyValueObservable(observation: true)
final class ObservedCounter {
  var value = 0
}

/// A write of a model's property with nothing observing it, or with one Bindery observer: the plain
/// model (`Counter`) or one that reports to Observation too (`observation: true`).
func modelWrite(observed: Bool, bridged: Bool, operations: Int) -> Double {
  var sum = 0
  let result: Double
  if bridged {
    let model = ObservedCounter()
    let token = observed ? observe(model, \.value) { sum &+= $0.newValue } : nil
    result = measure(operations: operations) { count in
      for index in 0..<count { model.value = index }
    }
    token?.unbind()
    blackHole(model.value)
  } else {
    let model = Counter()
    let token = observed ? observe(model, \.value) { sum &+= $0.newValue } : nil
    result = measure(operations: operations) { count in
      for index in 0..<count { model.value = index }
    }
    token?.unbind()
    blackHole(model.value)
  }
  blackHole(sum)
  return result
}

/// `observation-rearm-one-way` on a model that reports to Observation through Bindery: the source
/// is an `ObservedCounter` instead of Apple's `@Observable` class.
func observationRearmBridged(operations: Int) -> Double {
  let source = ObservedCounter()
  let target = Counter()
  final class Flag: @unchecked Sendable { var changed = false }
  let flag = Flag()
  func arm() {
    withObservationTracking {
      target.value = source.value
    } onChange: {
      flag.changed = true
    }
  }
  arm()
  let result = measure(operations: operations) { count in
    for index in 0..<count {
      source.value = index
      if flag.changed {
        flag.changed = false
        arm()
      }
    }
  }
  blackHole(target.value)
  return result
}
