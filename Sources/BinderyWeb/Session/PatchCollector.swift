/// Gathers the changes of one session's elements during one propagation, so they leave as one
/// `patch` message: a property set twice is sent once, with its last value.
final class PatchCollector {
  private struct SetKey: Hashable {
    let id: String
    let key: String
  }

  private(set) var operations: [PatchOperation] = []
  private var setIndexes: [SetKey: Int] = [:]
  /// The value a user just typed in this session's page: not sent back to it.
  private var echo: (key: SetKey, value: JSONValue)?

  /// Records a property's new value (replacing an earlier value of the same property in this batch).
  func set(_ id: String, _ key: String, _ value: JSONValue) {
    let setKey = SetKey(id: id, key: key)
    if let index = setIndexes[setKey] {
      operations[index] = .set(id: id, key: key, value: value)
    } else {
      setIndexes[setKey] = operations.count
      operations.append(.set(id: id, key: key, value: value))
    }
  }

  /// Records a list change.
  func list(
    _ id: String, removed: [Int], moved: [(from: Int, to: Int)], inserted: [(index: Int, row: JSONValue)]
  ) {
    operations.append(.list(id: id, removed: removed, moved: moved, inserted: inserted))
  }

  /// The page already shows `value` for this property (its user typed it): leave it out of this batch.
  func expectEcho(id: String, key: String, value: JSONValue) {
    echo = (SetKey(id: id, key: key), value)
  }

  /// The batch, without the echo of the user's own edit; the collector starts afresh.
  func take() -> [PatchOperation] {
    var result = operations
    if let echo, let index = setIndexes[echo.key], case .set(_, _, let value) = operations[index], value == echo.value {
      result.remove(at: index)
    }
    operations = []
    setIndexes = [:]
    echo = nil
    return result
  }

  /// Drops the batch (the page is about to get the whole tree).
  func discard() {
    operations = []
    setIndexes = [:]
    echo = nil
  }
}
