import Foundation
import Testing

/// What a CI step requires, from `BINDERY_REQUIRE` (names separated by commas). BinderyCombine's
/// tests are built only with Combine or the OpenCombine trait, so a step that means to run them sets
/// `BINDERY_REQUIRE=combine`, and a build without either fails here instead of passing quietly.
private let required = Set(
  (ProcessInfo.processInfo.environment["BINDERY_REQUIRE"] ?? "").split(separator: ",").map {
    $0.trimmingCharacters(in: .whitespaces)
  }
)

@Suite("What a CI step requires of the Combine tests (BINDERY_REQUIRE) is there")
struct RequiredByCITests {
  @Test(
    "when Combine is required, the build has Combine or the OpenCombine trait",
    .enabled(if: required.contains("combine"), "BINDERY_REQUIRE does not name combine"))
  func combine() {
    #if !(canImport(Combine) || OpenCombine)
      Issue.record(
        "BINDERY_REQUIRE names combine, but this build has neither Combine nor the OpenCombine trait (--traits OpenCombine): BinderyCombine's tests were not built"
      )
    #endif
  }
}
