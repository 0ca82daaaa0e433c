#if canImport(Combine) || OpenCombine
  #if canImport(Combine)
    import Combine
  #else
    import OpenCombine
  #endif
  import Bindery
  import BinderyCombine
  import Foundation
  import Observation
  import Testing

  // BinderyCombine's public top-level names, used unqualified beside Combine (or OpenCombine),
  // Observation, Foundation and Testing: if a name were also theirs, this file would not compile.

  @KeyValueObservable
  private final class Room {
    var name = ""
  }

  @Test func theCombineBridgesNamesWorkUnqualifiedBesideCombine() {
    let room = Room()
    let publisher: KeyValuePublisher<Room, String> = room.publisher(of: \.name)
    var names: [String] = []
    let subscription = publisher.sink { names.append($0) }
    room.name = "Kitchen"
    #expect(names == ["", "Kitchen"])
    subscription.cancel()
  }
#endif
