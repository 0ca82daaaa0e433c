import Bindery
import BinderyControls
import BinderyTestKit
import Testing

@KeyValueObservable
private final class Member {
  var height = 1.7
  var isAdmin = true
  var motto: String? = "Carpe diem"

  init(height: Double = 1.7) { self.height = height }
}

@KeyValueObservable
private final class Club {
  var member: Member? = Member()
}

@KeyValueObservable
private final class Banner {
  var title = "untitled"
}

private struct TooTall: Error {}

@Suite("A non-optional target bound to an optional source")
struct OptionalSourceTests {
  @Test func aSliderFollowsAnOptionalChainAndWritesBackThroughIt() {
    let club = Club()
    let slider = HeadlessSlider(maximumValue: 3)
    let binding = slider.bind(\.value, to: club, \.member?.height)
    #expect(slider.value == 1.7)
    #expect(binding.direction == .both)
    slider.userDidSlide(to: 1.9)
    #expect(club.member?.height == 1.9)
    club.member = Member(height: 1.5)
    #expect(slider.value == 1.5)
  }

  @Test func withoutAValueTheTargetKeepsItsValueAndIsDisabledWhenAsked() {
    let club = Club()
    let slider = HeadlessSlider(maximumValue: 3)
    slider.bind(\.value, to: club, \.member?.height, options: BindingOptions(conditionallySetsEnabled: true))
    #expect(slider.isEnabled)
    club.member = nil
    #expect(slider.value == 1.7)
    #expect(!slider.isEnabled)
    slider.isEnabled = true
    slider.userDidSlide(to: 2.5)  // nothing to write to
    #expect(club.member == nil)
    club.member = Member(height: 1.2)
    #expect(slider.value == 1.2)
    #expect(slider.isEnabled)
  }

  @Test func aBooleanTargetIsFalseWhileTheChainGivesNil() {
    let club = Club()
    let toggle = HeadlessSwitch()
    toggle.bind(\.isOn, to: club, \.member?.isAdmin)
    #expect(toggle.isOn)
    club.member = nil
    #expect(!toggle.isOn)
  }

  @Test func theNullAndNotApplicablePlaceholdersStandInForNil() {
    let club = Club()
    let banner = Banner()
    banner.bind(
      \.title,
      to: .keyPath(club, \.member?.motto).placeholders(
        BindingPlaceholders(nullValue: "no motto", notApplicable: "no member"))
    )
    #expect(banner.title == "Carpe diem")
    club.member?.motto = nil
    #expect(banner.title == "no motto")
    club.member = nil
    #expect(banner.title == "no member")
    club.member = Member()
    #expect(banner.title == "Carpe diem")
  }

  @Test func aRejectedEditLeavesTheSourceAsItIs() {
    let club = Club()
    let slider = HeadlessSlider(maximumValue: 3)
    slider.bind(
      \.value,
      to: .keyPath(club, \.member?.height).validated { height in
        if height > 2.5 { throw TooTall() }
      })
    slider.userDidSlide(to: 2.8)
    #expect(club.member?.height == 1.7)
    slider.userDidSlide(to: 2.0)
    #expect(club.member?.height == 2.0)
  }

  @Test func itLeavesNothingAliveAfterItsScope() {
    expectReleased { tracker in
      let club = tracker.track(Club())
      let slider = tracker.track(HeadlessSlider(maximumValue: 3))
      slider.bind(\.value, to: club, \.member?.height)
      expectChangedOnce(slider, \.value, to: 1.1) { club.member?.height = 1.1 }
    }
  }
}
