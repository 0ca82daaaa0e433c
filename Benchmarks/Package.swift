// swift-tools-version: 6.1
// Bindery's benchmarks: a package of its own, so OpenCombine never becomes a dependency of the library.
// Run: swift run -c release --package-path Benchmarks bindery-benchmarks [--json]
import PackageDescription

let package = Package(
  name: "BinderyBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Bindery", path: "..", traits: ["OpenCombine"]),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
  ],
  targets: [
    .target(name: "MallocStats"),
    .executableTarget(
      name: "bindery-benchmarks",
      dependencies: [
        "MallocStats",
        .product(name: "Bindery", package: "Bindery"),
        .product(name: "BinderyControls", package: "Bindery"),
        .product(name: "BinderyExpressions", package: "Bindery"),
        .product(name: "BinderySpec", package: "Bindery"),
        .product(name: "BinderyControllers", package: "Bindery"),
        .product(name: "BinderyCombine", package: "Bindery"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    // Store-backed controllers on SQLite: fetch of 100,000 rows, and an edit's time to its save.
    .executableTarget(
      name: "store-benchmarks",
      dependencies: [
        .product(name: "Bindery", package: "Bindery"),
        .product(name: "BinderyControls", package: "Bindery"),
        .product(name: "BinderyControllers", package: "Bindery"),
        .product(name: "BinderyStore", package: "Bindery"),
        .product(name: "BinderySQLite", package: "Bindery"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
