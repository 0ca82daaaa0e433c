#if canImport(Combine) || OpenCombine
  import Bindery
  import Foundation

  /// A person whose changes Bindery, Observation, async sequences and Combine all see.
  @KeyValueObservable(observation: true)
  final class Member {
    var firstName = ""
    var lastName = ""
    var age = 0
    let id: Int
    var fullName: String { "\(firstName) \(lastName)" }

    init(firstName: String = "", lastName: String = "", id: Int = 0) {
      self.firstName = firstName
      self.lastName = lastName
      self.id = id
    }
  }

  /// A counter written from several threads at once.
  @KeyValueObservable
  final class SharedCounter: Sendable {
    var count = 0
  }

  /// Values and completions a test subscriber saw, from any thread.
  final class Received<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storedValues: [Value] = []
    private var finishes = 0
    var values: [Value] { lock.withLock { storedValues } }
    var finishCount: Int { lock.withLock { finishes } }
    func add(_ value: Value) { lock.withLock { storedValues.append(value) } }
    func finish() { lock.withLock { finishes += 1 } }
  }

  /// Waits, yielding, until `condition` holds (at most a few seconds); returns whether it did.
  func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() {
      if ContinuousClock.now > deadline { return false }
      await Task.yield()
    }
    return true
  }
#endif
