// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

/// OpenCombine, where Apple's Combine is missing and the package's OpenCombine trait is on.
let openCombine = Target.Dependency.product(
  name: "OpenCombine", package: "OpenCombine",
  condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd], traits: ["OpenCombine"])
)

/// postgres-nio (and its TLS, BoringSSL), only with the package's Postgres trait.
let postgresNIO = Target.Dependency.product(
  name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"]))

/// GTK 4's and libadwaita's headers and libraries, with the package's GTK trait.
let gtk = Target.Dependency.target(name: "CGTK", condition: .when(traits: ["GTK"]))

let package = Package(
  name: "Bindery",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Bindery", targets: ["Bindery"]),
    .library(name: "BinderyControls", targets: ["BinderyControls"]),
    .library(name: "BinderyScreens", targets: ["BinderyScreens"]),
    .library(name: "BinderyFormatters", targets: ["BinderyFormatters"]),
    .library(name: "BinderyExpressions", targets: ["BinderyExpressions"]),
    .library(name: "BinderySpec", targets: ["BinderySpec"]),
    .library(name: "BinderyControllers", targets: ["BinderyControllers"]),
    .library(name: "BinderyWeb", targets: ["BinderyWeb"]),
    .library(name: "BinderyTestKit", targets: ["BinderyTestKit"]),
    .library(name: "BinderyTracing", targets: ["BinderyTracing"]),
    .library(name: "BinderyCombine", targets: ["BinderyCombine"]),
    .library(name: "BinderyGTK", targets: ["BinderyGTK"]),
    .library(name: "BinderyStore", targets: ["BinderyStore"]),
    .library(name: "BinderySQLite", targets: ["BinderySQLite"]),
    .library(name: "BinderyPostgres", targets: ["BinderyPostgres"]),
    .executable(name: "bindery-lint", targets: ["bindery-lint"]),
    .executable(name: "PersonEditor", targets: ["PersonEditor"]),
    .executable(name: "FilmRatings", targets: ["FilmRatings"]),
  ],
  traits: [
    .trait(
      name: "OpenCombine",
      description: "Builds BinderyCombine on OpenCombine where Apple's Combine is missing (Linux, Windows, Android)."
    ),
    .trait(
      name: "Postgres",
      description: "Builds BinderyPostgres on postgres-nio, and PersonEditor's --postgres (needs a PostgreSQL server)."
    ),
    .trait(
      name: "GTK",
      description:
        "Builds BinderyGTK, the GTK 4 and libadwaita front end (needs their headers: apt-get install libadwaita-1-dev)."
    ),
  ],
  dependencies: [
    // swift-syntax ships one major version per Swift release: admit this one and the next.
    .package(url: "https://github.com/swiftlang/swift-syntax", "603.0.0"..<"605.0.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // SQLite, for BinderySQLite (the system's libsqlite3).
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    // PostgreSQL, for BinderyPostgres.
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    // Built only with the OpenCombine trait, for BinderyCombine away from Apple's platforms.
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
  ],
  targets: [
    // The macros' expansions, a library: the macro tests link it. A test target that depended on the
    // macro target itself would be built for the host, and with it every module the tests use, so a
    // build with the tests would compile everything twice.
    .target(
      name: "BinderyMacroImplementations",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        "BinderyPropertyNames",
      ],
      swiftSettings: strictSettings
    ),
    // The compiler plug-in that serves the macros to the compiler.
    .macro(
      name: "BinderyMacros",
      dependencies: [
        "BinderyMacroImplementations",
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ],
      swiftSettings: strictSettings
    ),
    // The hash that makes a property's identifier from its name, once, for the macros (when they
    // expand) and the core (at run time).
    .target(name: "BinderyPropertyNames", swiftSettings: strictSettings),
    .target(
      name: "Bindery", dependencies: ["BinderyMacros", "BinderyPropertyNames", "CBinderyRuntime"],
      swiftSettings: strictSettings),
    // The Swift runtime's reference-counting entry points, declared for the core, and the thread
    // sanitizer's lock annotations, looked up once when the program loads.
    .target(name: "CBinderyRuntime"),
    .target(name: "BinderyControls", dependencies: ["Bindery", "BinderyControllers"], swiftSettings: strictSettings),
    // A screen of headless controls from a spec file, for every front end (the web page, GTK windows).
    .target(
      name: "BinderyScreens",
      dependencies: ["Bindery", "BinderyControllers", "BinderyControls", "BinderySpec"],
      swiftSettings: strictSettings
    ),
    .target(name: "BinderyFormatters", dependencies: ["Bindery"], swiftSettings: strictSettings),
    .target(name: "BinderyExpressions", dependencies: ["Bindery"], swiftSettings: strictSettings),
    // Controllers filter with the expression language (`setFilter(expression:)`), and keep the undo
    // history of their edits (`EditHistory`).
    .target(
      name: "BinderyControllers", dependencies: ["Bindery", "BinderyExpressions"], swiftSettings: strictSettings),
    // Controllers' content kept in a database, through the RecordStore protocol (no driver here).
    .target(
      name: "BinderyStore",
      dependencies: ["Bindery", "BinderyControllers", .product(name: "Logging", package: "swift-log")],
      swiftSettings: strictSettings
    ),
    // A RecordStore on SQLite, through GRDB.
    .target(
      name: "BinderySQLite",
      dependencies: [
        "BinderyStore", .product(name: "GRDB", package: "GRDB.swift"),
        // SQLite's C functions, for text bound and read by length (GRDB stops at a NUL).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        // The store logs its failures.
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSettings
    ),
    // A RecordStore on PostgreSQL, through postgres-nio, with change notifications between processes.
    .target(
      name: "BinderyPostgres",
      dependencies: [
        "Bindery", "BinderyStore",
        postgresNIO,
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyStoreTests",
      dependencies: [
        "Bindery", "BinderyControllers", "BinderyControls", "BinderyStore", "BinderySQLite", "BinderyPostgres",
        "BinderyTestKit",
        // Tables written as another program would, for the fault tests.
        .product(name: "GRDB", package: "GRDB.swift"),
        // A log handler that keeps what the stores log.
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "BinderySpec",
      dependencies: [
        "Bindery", "BinderyControllers", "BinderyExpressions",
        .product(name: "Yams", package: "Yams"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "BinderyWeb",
      dependencies: [
        "Bindery", "BinderyControls", "BinderyControllers", "BinderySpec", "BinderyScreens",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      resources: [.copy("Resources")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyWebTests",
      dependencies: [
        "Bindery", "BinderyControls", "BinderyControllers", "BinderySpec", "BinderyStore", "BinderyWeb",
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      swiftSettings: strictSettings
    ),
    .target(name: "BinderyTestKit", dependencies: ["Bindery"], swiftSettings: strictSettings),
    .target(
      name: "BinderyTracing",
      dependencies: ["Bindery", .product(name: "Logging", package: "swift-log")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyTracingTests",
      dependencies: ["Bindery", "BinderyControls", "BinderyTracing", .product(name: "Logging", package: "swift-log")],
      swiftSettings: strictSettings
    ),
    // Combine on Apple's platforms; elsewhere OpenCombine, with the OpenCombine trait (and without it, an
    // empty module), so the library's own build neither fetches nor builds either.
    .target(
      name: "BinderyCombine",
      dependencies: ["Bindery", openCombine],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyCombineTests",
      dependencies: ["Bindery", "BinderyCombine", "BinderyControls", "BinderyTestKit", openCombine],
      swiftSettings: strictSettings
    ),
    // GTK 4 and libadwaita (whose pkg-config names GTK 4 too), only with the GTK trait: without it
    // BinderyGTK is an empty module and nothing needs their headers.
    .systemLibrary(name: "CGTK", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
    .target(
      name: "BinderyGTK",
      dependencies: [
        "Bindery", "BinderyControls", "BinderyControllers", "BinderyExpressions", "BinderySpec", "BinderyScreens", gtk,
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyGTKTests",
      dependencies: [
        "Bindery", "BinderyControls", "BinderyControllers", "BinderyExpressions", "BinderyFormatters", "BinderySpec",
        "BinderyScreens", "BinderyGTK", "BinderyTestKit", "GTKMainLoopCheck", "PersonEditorKit", gtk,
      ],
      swiftSettings: strictSettings
    ),
    // Run by BinderyGTKTests: GTK's loop on a real main thread, which a test process does not give.
    .executableTarget(
      name: "GTKMainLoopCheck",
      dependencies: ["Bindery", "BinderyControls", "BinderyGTK", gtk],
      path: "Tests/GTKMainLoopCheck",
      swiftSettings: strictSettings
    ),
    // PersonEditor's model and screen, for the demo and for the tests that drive it (a test cannot
    // import an executable's module in every build).
    .target(
      name: "PersonEditorKit",
      dependencies: [
        "Bindery", "BinderyControls", "BinderyControllers", "BinderyFormatters", "BinderySpec", "BinderyScreens",
        "BinderyStore", "BinderySQLite",
      ],
      path: "Examples/PersonEditorKit",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "PersonEditor",
      dependencies: [
        "Bindery", "BinderyControls", "BinderyControllers", "BinderyFormatters", "BinderySpec", "BinderyScreens",
        "BinderyTracing", "BinderyWeb", "BinderyGTK", "BinderyStore", "BinderySQLite", "BinderyPostgres",
        "PersonEditorKit", gtk,
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Examples/PersonEditor",
      exclude: ["io.github.bindery.PersonEditor.desktop"],
      resources: [.copy("PersonEditor.spec.yaml")],
      swiftSettings: strictSettings
    ),
    // A page with a control of the app's own (StarRating), shown as a custom element; with GTK, a window
    // (`--gtk`) where the app's own GTKControl shows it.
    .executableTarget(
      name: "FilmRatings",
      dependencies: [
        "Bindery", "BinderyControls", "BinderyControllers", "BinderySpec", "BinderyScreens", "BinderyWeb", "BinderyGTK",
        gtk,
      ],
      path: "Examples/FilmRatings",
      resources: [.copy("FilmRatings.spec.yaml")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyTestKitTests",
      dependencies: ["Bindery", "BinderyControls", "BinderyTestKit"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyNamesTests",
      dependencies: [
        "Bindery", "BinderyControls", "BinderyControllers", "BinderyExpressions", "BinderyFormatters", "BinderySpec",
        "BinderyLint", "BinderyScreens", "BinderyTestKit", "BinderyTracing", "BinderyWeb", "BinderyCombine",
        "BinderyGTK", "BinderyStore", "BinderySQLite", "BinderyPostgres", openCombine,
      ],
      swiftSettings: strictSettings
    ),
    // Model fixtures the test modules share (Person); for test targets only, not a product.
    .target(
      name: "BinderyTestFixtures",
      dependencies: ["Bindery"],
      path: "Tests/BinderyTestFixtures",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyTests",
      dependencies: ["Bindery", "BinderyControls", "BinderyTestFixtures", "BinderyTestKit"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BindingMatrixTests",
      dependencies: ["Bindery", "BinderyControls", "BinderyExpressions", "BinderyTestKit"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyControlsTests",
      dependencies: ["Bindery", "BinderyControllers", "BinderyControls", "BinderyTestKit"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyExpressionsTests",
      dependencies: ["Bindery", "BinderyControls", "BinderyExpressions", "BinderyTestFixtures", "BinderyTestKit"],
      swiftSettings: strictSettings
    ),
    .target(
      name: "BinderyLint",
      dependencies: [
        "BinderySpec", "BinderyControls", "BinderyFormatters",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings
    ),
    .executableTarget(name: "bindery-lint", dependencies: ["BinderyLint"], swiftSettings: strictSettings),
    .testTarget(
      name: "BinderySpecTests",
      dependencies: [
        "Bindery", "BinderyControls", "BinderyExpressions", "BinderyFormatters", "BinderySpec", "BinderyLint",
        "BinderyScreens", "BinderyTestFixtures", "BinderyTestKit",
      ],
      resources: [.copy("Specs")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyControllersTests",
      dependencies: [
        "Bindery", "BinderyControls", "BinderyControllers", "BinderyExpressions", "BinderyTestFixtures",
        "BinderyTestKit",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyFormattersTests",
      dependencies: ["Bindery", "BinderyControls", "BinderyExpressions", "BinderyFormatters"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyMacrosTests",
      dependencies: [
        "BinderyMacroImplementations",
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
