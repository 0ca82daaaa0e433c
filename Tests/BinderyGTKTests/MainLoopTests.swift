#if GTK
  import Foundation
  import Testing

  /// GTK's loop, main-actor tasks and main-actor bindings on one main thread.
  extension GTKSuites {
    @Suite
    struct MainLoopTests {
      @Test func aMainActorTaskAndAMainActorBindingBothRunWhileGTKsLoopRunsAndWidgetsFollowAtOnceOnTheMainThread()
        throws
      {
        // A test process's main actor is not its main thread, so a program of its own checks it.
        let check = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
          .appendingPathComponent("GTKMainLoopCheck")
        let process = Process()
        process.executableURL = check
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("main-actor task on the main thread: true"))
        #expect(text.contains("binding delivered on the main thread: true"))
        #expect(text.contains("GTK label: Written elsewhere"))
        #expect(text.contains("updates at once on the main thread: as expected"))
      }
    }
  }
#endif
