/// One read of an observable property, recorded while a tracked closure ran.
struct AccessRecord {
  let storage: RegistrarStorage
  let id: PropertyID
  /// The object read; kept only until the evaluation's dependencies are resolved.
  let subject: AnyObject
  let keyPath: AnyKeyPath
  let memberType: Any.Type
  let name: StaticString
}

/// The reads recorded by one tracked evaluation.
final class AccessList {
  var records: [AccessRecord] = []

  /// Runs `body`, recording every observable property it reads on this thread.
  ///
  /// Nested evaluations record into their own list; the outer list is restored afterwards.
  static func tracking<Result>(_ body: () throws -> Result) rethrows -> (Result, AccessList) {
    let context = ThreadContext.current
    let list = AccessList()
    let previous = context.tracking
    context.tracking = list
    defer { context.tracking = previous }
    let result = try body()
    return (result, list)
  }
}
