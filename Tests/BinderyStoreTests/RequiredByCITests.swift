import Foundation
import Testing

/// What a CI step requires, from `BINDERY_REQUIRE` (names separated by commas, such as
/// `postgres,small-disk`). The suites that need a server or a small disk are skipped without one, so
/// a step that means to run them sets this, and a missing prerequisite fails here instead of
/// passing quietly.
private let required = Set(
  (ProcessInfo.processInfo.environment["BINDERY_REQUIRE"] ?? "").split(separator: ",").map {
    $0.trimmingCharacters(in: .whitespaces)
  }
)

@Suite("What a CI step requires of the store tests (BINDERY_REQUIRE) is there")
struct RequiredByCITests {
  @Test("BINDERY_REQUIRE names only what a test checks: combine, gtk, postgres and small-disk")
  func onlyKnownNames() {
    let unknown = required.subtracting(["combine", "gtk", "postgres", "small-disk"])
    #expect(unknown.isEmpty, "BINDERY_REQUIRE names \(unknown.sorted()), which no test checks")
  }

  @Test(
    "when PostgreSQL is required, the build has the Postgres trait and BINDERY_POSTGRES_URL names a server",
    .enabled(if: required.contains("postgres"), "BINDERY_REQUIRE does not name postgres"))
  func postgres() {
    #if !Postgres
      Issue.record(
        "BINDERY_REQUIRE names postgres, but this build lacks the Postgres trait (--traits Postgres): the PostgreSQL suites were not built"
      )
    #endif
    #expect(
      StoreKind.postgresURL != nil,
      "BINDERY_REQUIRE names postgres, but BINDERY_POSTGRES_URL is unset: the PostgreSQL suites would be skipped")
  }

  @Test(
    "when the small disk is required, BINDERY_SMALL_DISK names a folder",
    .enabled(if: required.contains("small-disk"), "BINDERY_REQUIRE does not name small-disk"))
  func smallDisk() {
    let path = ProcessInfo.processInfo.environment["BINDERY_SMALL_DISK"] ?? ""
    var isFolder: ObjCBool = false
    #expect(
      !path.isEmpty && FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue,
      "BINDERY_REQUIRE names small-disk, but BINDERY_SMALL_DISK (\(path)) is no folder: the disk fault tests would be skipped"
    )
  }
}
