#if canImport(Combine) || OpenCombine
  #if canImport(Combine)
    import Combine
  #else
    import OpenCombine
  #endif
  import Bindery
  import BinderyCombine
  import BinderyControls
  import Foundation
  import Observation
  import Testing

  /// Reads a value under `withObservationTracking` and reads it again after each change it heard of,
  /// as SwiftUI re-renders a view: the values it read, in order.
  private final class TrackingReader: @unchecked Sendable {
    private let lock = NSLock()
    private let read: () -> String
    private var invalidated = false
    private(set) var seen: [String] = []

    init(_ read: @escaping () -> String) {
      self.read = read
      arm()
    }

    /// Reads again if a change was heard since the last read.
    func refresh() {
      let stale = lock.withLock {
        defer { invalidated = false }
        return invalidated
      }
      if stale { arm() }
    }

    private func arm() {
      let value = withObservationTracking {
        read()
      } onChange: { [self] in
        lock.withLock { invalidated = true }
      }
      seen.append(value)
    }
  }

  @Suite("One model, every consumer")
  struct FourConsumersTests {
    @Test func observationAnAsyncSequenceACombineSubscriberAndABindingSeeTheSameValues() async {
      let member = Member(firstName: "Ada", lastName: "Lovelace")

      let tracking = TrackingReader { member.fullName }
      var sequence = member.values(of: \.fullName).makeAsyncIterator()
      let published = Received<String>()
      let subscription = member.publisher(of: \.fullName).sink { published.add($0) }
      let label = HeadlessLabel()
      let shown = Received<String>()
      let token = observe(label, \.text, options: .initial) { change in
        if let text = change.newValue { shown.add(text) }
      }
      let binding = label.bind(\.text, to: member, \.fullName)

      let edits: [(String, String)] = [
        ("Augusta", "Lovelace"), ("Augusta", "King"), ("Augusta", "King"), ("Grace", "King"), ("Grace", "Hopper"),
      ]
      for (first, last) in edits {
        member.firstName = first
        tracking.refresh()
        member.lastName = last
        tracking.refresh()
      }
      let expected = ["Ada Lovelace", "Augusta Lovelace", "Augusta King", "Grace King", "Grace Hopper"]
      var iterated: [String] = []
      for _ in expected {
        if let name = await sequence.next() { iterated.append(name) }
      }

      #expect(tracking.seen == expected, "withObservationTracking")
      #expect(iterated == expected, "values(of:)")
      #expect(published.values == expected, "a Combine subscriber")
      #expect(shown.values == expected, "a binding")

      binding.unbind()
      subscription.cancel()
      token.unbind()
    }
  }
#endif
