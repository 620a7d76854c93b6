// swift-tools-version:6.0
import PackageDescription

// A user's own application on Switchyard, cloned beside it as ../Switchyard.
let package = Package(
  name: "OwnApp",
  dependencies: [
    .package(path: "../Switchyard"),
  ],
  targets: [
    // The feature, its jobs and their handlers: a library, so its tests can import it.
    .target(name: "DocumentsFeature", dependencies: [.product(name: "SwitchyardApplication", package: "Switchyard")]),
    // The executable: the coordinator, its workers and every command.
    .executableTarget(name: "documents", dependencies: ["DocumentsFeature"]),
    .testTarget(name: "DocumentsFeatureTests", dependencies: ["DocumentsFeature"]),
  ]
)
