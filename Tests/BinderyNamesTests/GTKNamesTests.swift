#if GTK
  import Bindery
  import BinderyControls
  import BinderyGTK
  import Foundation
  import Observation
  import Testing

  #if canImport(SwiftUI)
    import SwiftUI
  #endif

  /// A class to name a `GTKWidgetDescription` of.
  private final class GTKNamesProbe {}

  // BinderyGTK's public top-level names, used unqualified beside SwiftUI (where there is one),
  // Observation, Foundation and Testing: if a name were also theirs, this file would not compile.

  @Test func theGTKFrontEndsNamesWorkUnqualified() {
    let types: [Any.Type] = [
      GTKMainLoop.self, GTKWindowHost.self, GTKError.self, GTKError.Kind.self, GTKInterface.self,
      GObjectProperty<Double>.self, (any GValueConvertible).self, (any GTKControl).self,
      GTKWidgetDescription<GTKNamesProbe>.self, GTKApplication.self,
    ]
    #expect(Set(types.map(ObjectIdentifier.init)).count == types.count)
    #expect(GTKError(.noDisplay, "no display").description == "no display")
  }
#endif
