import Observation
import OpenCombine

final class PublishedSource {
  @Published var value = 0
}

final class PlainTarget {
  var value = 0
}

/// OpenCombine's `@Published` + `sink`, writing a `[weak target]`.
func openCombineOneWay(operations: Int) -> Double {
  let source = PublishedSource()
  let target = PlainTarget()
  let subscription = source.$value.sink { [weak target] value in target?.value = value }
  let result = measure(operations: operations) { count in
    for index in 0..<count { source.value = index }
  }
  subscription.cancel()
  blackHole(target.value)
  return result
}

/// Bytes per OpenCombine subscription.
func openCombineBytesPerSubscription(count: Int) -> Double {
  let source = PublishedSource()
  let targets = (0..<count).map { _ in PlainTarget() }
  let before = allocatedBytes()
  let subscriptions = targets.map { target in source.$value.sink { [weak target] in target?.value = $0 } }
  let after = allocatedBytes()
  blackHole(subscriptions.count)
  return Double(after - before) / Double(count)
}

/// OpenCombine's `$value.sink` made and cancelled (next to `bindery-bind-unbind`).
func openCombineSubscribeCancel(operations: Int) -> Double {
  let source = PublishedSource()
  let target = PlainTarget()
  let result = measure(operations: operations) { count in
    for _ in 0..<count {
      let subscription = source.$value.sink { [weak target] value in target?.value = value }
      subscription.cancel()
    }
  }
  blackHole(target.value)
  return result
}

@Observable
final class ObservedSource {
  var value = 0
}

/// Observation's `withObservationTracking`, re-armed after each change (its `onChange` fires once, before).
func observationRearmOneWay(operations: Int) -> Double {
  let source = ObservedSource()
  let target = PlainTarget()
  return rearmedTracking(operations: operations, write: { source.value = $0 }, read: { target.value = source.value })
}

/// A one-way copy kept by `withObservationTracking`, re-armed after each change, as SwiftUI does:
/// `write` changes the source, `read` copies it (the tracked read).
func rearmedTracking(operations: Int, write: (Int) -> Void, read: @escaping () -> Void) -> Double {
  final class Flag: @unchecked Sendable { var changed = false }
  let flag = Flag()
  func arm() {
    withObservationTracking(read) {
      flag.changed = true
    }
  }
  arm()
  return measure(operations: operations) { count in
    for index in 0..<count {
      write(index)
      if flag.changed {
        flag.changed = false
        arm()
      }
    }
  }
}

/// Bytes per live Observation tracking: `count` trackings of one property, each armed as a re-armed
/// one-way observation is (a read, an `onChange` holding one reference), none fired yet.
func observationBytesPerObservation(count: Int) -> Double {
  let source = ObservedSource()
  final class Flag: @unchecked Sendable { var changed = false }
  let flag = Flag()
  let targets = (0..<count).map { _ in PlainTarget() }
  let before = allocatedBytes()
  for target in targets {
    withObservationTracking {
      target.value = source.value
    } onChange: {
      flag.changed = true
    }
  }
  let after = allocatedBytes()
  source.value = 1
  precondition(flag.changed, "no tracking fired")
  return Double(after - before) / Double(count)
}
