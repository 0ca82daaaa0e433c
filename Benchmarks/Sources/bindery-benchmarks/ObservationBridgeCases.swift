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
  let result = rearmedTracking(
    operations: operations, write: { source.value = $0 }, read: { target.value = source.value })
  blackHole(target.value)
  return result
}

/// A value written to a model and taken from `values(of:)` by the same task: the cost of one value
/// through the async sequence (the stream's yield and the iterator's `next()`), in ns per value.
func valuesOfDelivery(operations: Int) async -> Double {
  let model = Counter()
  var iterator = model.values(of: \.value, initial: false).makeAsyncIterator()
  var best = Double.infinity
  var sum = 0
  for round in 0..<8 {
    let count = round == 0 ? min(operations, 1000) : operations
    let start = nanoseconds()
    for index in 0..<count {
      model.value = index &+ round &* count &+ 1
      sum &+= await iterator.next() ?? 0
    }
    if round > 0 { best = min(best, Double(nanoseconds() - start) / Double(count)) }
  }
  blackHole(sum)
  return best
}
