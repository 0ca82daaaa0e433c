import Foundation
import Testing

/// What a CI step requires, from `BINDERY_REQUIRE` (names separated by commas). The GTK suites are
/// skipped without a display or xdotool, and not built without the GTK trait, so a step that means
/// to run them sets `BINDERY_REQUIRE=gtk`, and a missing prerequisite fails here instead of passing
/// quietly.
private let required = Set(
  (ProcessInfo.processInfo.environment["BINDERY_REQUIRE"] ?? "").split(separator: ",").map {
    $0.trimmingCharacters(in: .whitespaces)
  }
)

@Suite("What a CI step requires of the GTK tests (BINDERY_REQUIRE) is there")
struct RequiredByCITests {
  @Test(
    "when GTK is required, the build has the GTK trait, a display and xdotool",
    .enabled(if: required.contains("gtk"), "BINDERY_REQUIRE does not name gtk"))
  func gtk() {
    #if !GTK
      Issue.record(
        "BINDERY_REQUIRE names gtk, but this build lacks the GTK trait (--traits GTK): the GTK suites were not built")
    #endif
    #expect(
      !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty,
      "BINDERY_REQUIRE names gtk, but DISPLAY is unset (run under xvfb-run): the GTK suites would be skipped")
    #expect(
      FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"),
      "BINDERY_REQUIRE names gtk, but /usr/bin/xdotool is missing: the window tests that type would be skipped")
  }
}
