/// How many values an async sequence of an observed value keeps while its consumer is busy.
public enum ValueBuffering: Sendable, Equatable {
  /// Every value, however many (the default).
  case unbounded
  /// The latest `count` values; older ones are dropped (`.newest(1)`: only the latest).
  case newest(Int)
  /// The first `count` values not yet taken; later ones are dropped until the consumer catches up.
  case oldest(Int)

  func policy<Element>(for _: Element.Type) -> AsyncStream<Element>.Continuation.BufferingPolicy {
    switch self {
    case .unbounded: .unbounded
    case .newest(let count): .bufferingNewest(max(1, count))
    case .oldest(let count): .bufferingOldest(max(1, count))
    }
  }
}
