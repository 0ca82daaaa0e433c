/// The hand-written baseline: a `didSet` calling a stored closure that writes a `[weak target]`.
final class BaselineSource {
  var onChange: ((Int) -> Void)?
  var value = 0 {
    didSet { onChange?(value) }
  }
}

final class BaselineTarget {
  var onChange: ((Int) -> Void)?
  var value = 0 {
    didSet { onChange?(value) }
  }
}

/// One-way: source → target.
func baselineOneWay(operations: Int) -> Double {
  let source = BaselineSource()
  let target = BaselineTarget()
  source.onChange = { [weak target] value in target?.value = value }
  let result = measure(operations: operations) { count in
    for index in 0..<count { source.value = index }
  }
  blackHole(target.value)
  return result
}

/// Two-way: source ↔ target, with a guard so a write is not sent back; alternately each side changes.
func baselineTwoWay(operations: Int) -> Double {
  let source = BaselineSource()
  let target = BaselineTarget()
  var updating = false
  source.onChange = { [weak target] value in
    guard !updating, let target else { return }
    updating = true
    target.value = value
    updating = false
  }
  target.onChange = { [weak source] value in
    guard !updating, let source else { return }
    updating = true
    source.value = value
    updating = false
  }
  let result = measure(operations: operations) { count in
    for index in 0..<count {
      if index & 1 == 0 { source.value = index } else { target.value = index }
    }
  }
  blackHole(source.value &+ target.value)
  return result
}
