import Bindery
import BinderyControls
import BinderyTestKit
import Testing

@KeyValueObservable
private final class Account {
  var owner = ""
  var balance = 0
}

@Suite("Test kit expectations")
struct ExpectationTests {
  @Test func expectReleasedPassesWhenAScopeLeavesNothingAlive() {
    expectReleased { tracker in
      let account = tracker.track(Account())
      let field = tracker.track(HeadlessTextField())
      field.bind(\.text, to: account, \.owner)
      account.owner = "Ada"
      #expect(field.text == "Ada")
    }
  }

  @Test func expectReleasedNamesTheObjectsAScopeLeftAlive() {
    var kept: [Account] = []
    withKnownIssue {
      expectReleased { tracker in
        kept.append(tracker.track(Account()))
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("1 of 1 tracked objects still alive: Account") }
    }
    #expect(kept.count == 1)
  }

  @Test func theReleaseFailureIsNilOnlyWhenEveryTrackedObjectIsGone() {
    let tracker = LifetimeTracker()
    var account: Account? = tracker.track(Account())
    #expect(tracker.releaseFailure()?.contains("Account") == true)
    _ = account
    account = nil
    #expect(tracker.releaseFailure() == nil)
  }

  @Test func expectBindingsCountsTheLiveBindingsOfATarget() {
    let account = Account()
    let field = HeadlessTextField()
    expectBindings(field, count: 0)
    let binding = field.bind(\.text, to: account, \.owner)
    expectBindings(field, count: 1)
    withKnownIssue {
      expectBindings(field, count: 2)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("expected 2 bindings on HeadlessTextField, found 1") }
    }
    binding.unbind()
    expectBindings(field, count: 0)
  }

  @Test func expectChangedOncePassesForExactlyOneChangeToTheExpectedValue() {
    let account = Account()
    let field = HeadlessTextField()
    field.bind(\.text, to: account, \.owner)
    expectChangedOnce(field, \.text, to: "Grace") { account.owner = "Grace" }
  }

  @Test func expectChangedOnceFailsOnNoChangeTwoChangesOrAnotherValue() {
    let account = Account()
    let field = HeadlessTextField()
    field.bind(\.text, to: account, \.owner)
    withKnownIssue {
      expectChangedOnce(field, \.text, to: "Grace") {}
    } matching: {
      $0.comments.contains { $0.rawValue.contains("got []") }
    }
    withKnownIssue {
      expectChangedOnce(field, \.text, to: "Grace") {
        account.owner = "Ada"
        account.owner = "Grace"
      }
    } matching: {
      $0.comments.contains { $0.rawValue.contains(#"got [Optional("Ada"), Optional("Grace")]"#) }
    }
    withKnownIssue {
      expectChangedOnce(field, \.text, to: "Grace") { account.owner = "Ada" }
    } matching: {
      $0.comments.contains { $0.rawValue.contains(#"got [Optional("Ada")]"#) }
    }
  }
}
