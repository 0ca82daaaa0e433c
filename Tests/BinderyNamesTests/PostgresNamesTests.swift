#if Postgres
  import Bindery
  import BinderyPostgres
  import BinderyStore
  import Foundation
  import Observation
  import Testing

  #if canImport(SwiftUI)
    import SwiftData
    import SwiftUI
  #endif

  // BinderyPostgres's public top-level names, used unqualified beside SwiftUI and SwiftData (where
  // they exist), Observation, Foundation and Testing: if a name were also theirs, this file would not
  // compile.

  @Test func thePostgresStoresNamesWorkUnqualified() {
    let types: [Any.Type] = [PostgresStore.self]
    #expect(Set(types.map(ObjectIdentifier.init)).count == types.count)
  }
#endif
