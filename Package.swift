// swift-tools-version:6.0
//===----------------------------------------------------------------------===//
// GestureTrace: record pan gestures, replay them through interactive
// transitions on a virtual clock, and analyze the decisions they make.
//===----------------------------------------------------------------------===//

import PackageDescription

let package = Package(
  name: "GestureTrace",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "GestureTrace", targets: ["GestureTrace"]),
    .executable(name: "gesturetrace", targets: ["gesturetrace"]),
  ],
  dependencies: [],
  targets: [
    // MARK: - Library (pure, deterministic, embeddable in an iOS app)
    .target(
      name: "GestureTrace",
      // NB: the core imports neither Foundation nor Glibc, so nothing links
      // libm for `rounded()` and `squareRoot()` on Linux; name it here.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),

    // MARK: - Command-line tool
    .target(name: "GestureTraceCLI", dependencies: ["GestureTrace"]),
    .executableTarget(
      name: "gesturetrace", dependencies: ["GestureTraceCLI"],
      // NB: the Swift runtime linked in, on Linux: its calls (retain,
      // release, allocation) then go without a lookup through the dynamic
      // linker's tables; `analyze` ran 1–3 % faster (docs/performance.md).
      linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]),

    // MARK: - Tests
    .testTarget(
      name: "GestureTraceTests", dependencies: ["GestureTrace"],
      // NB: fixtures are read through #filePath, not as resources.
      exclude: ["Record/Import/Fixtures"]),
    .testTarget(
      name: "GestureTraceCLITests",
      dependencies: ["GestureTraceCLI", "GestureTrace"]),
  ],
  swiftLanguageModes: [.v6]
)
