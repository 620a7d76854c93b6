// swift-tools-version:6.0
import PackageDescription

// Switchyard takes no package dependencies: only the Swift toolchain.
// Layers point one way: switchyard → Runtime → Wire; Runtime → ComposableArchitecture.
// Net (HTTP, WebSocket) serves the workers and the upstream command only.
let package = Package(
  name: "Switchyard",
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .executable(name: "switchyard", targets: ["switchyard"]),
  ],
  targets: [
    .target(name: "ComposableArchitecture"),
    .target(name: "SwitchyardWire"),
    .target(name: "SwitchyardNet"),
    .target(name: "SwitchyardBenchmarks", dependencies: ["ComposableArchitecture", "SwitchyardWire"]),
    .executableTarget(name: "switchyard", dependencies: ["ComposableArchitecture", "SwitchyardBenchmarks", "SwitchyardWire"]),
    .testTarget(name: "ComposableArchitectureTests", dependencies: ["ComposableArchitecture"]),
    .testTarget(name: "SwitchyardWireTests", dependencies: ["SwitchyardWire"]),
    .testTarget(name: "SwitchyardBenchmarksTests", dependencies: ["SwitchyardBenchmarks"]),
  ]
)
