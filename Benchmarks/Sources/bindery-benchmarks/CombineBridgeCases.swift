import Bindery
import BinderyCombine
import OpenCombine

/// A value written to a model and taken by a `sink` on `publisher(of:)` that writes a plain target:
/// next to `opencombine-one-way`, OpenCombine's own `@Published` and `sink`.
func publisherDelivery(operations: Int) -> Double {
  let model = Counter()
  let target = PlainTarget()
  let subscription = model.publisher(of: \.value, initial: false).sink { [weak target] in target?.value = $0 }
  let result = measure(operations: operations) { count in
    for index in 0..<count { model.value = index }
  }
  subscription.cancel()
  blackHole(target.value)
  return result
}
