import Foundation

/// `package DIR`: writes the files that deploy this executable — a Containerfile, a systemd unit
/// and a Kubernetes manifest — into DIR, for the user to check in and adjust.
enum PackageCommand {
  static func command(toolName: String) -> Command {
    Command(
      name: "package",
      abstract: "Write a Containerfile, a systemd unit and a Kubernetes manifest that deploy this executable.",
      discussion: """
        Writes DIR/Containerfile (a release build of the SwiftPM product, run as an unprivileged
        user), DIR/NAME.service (a systemd unit keeping the journal in /var/lib/NAME) and
        DIR/NAME.yaml (a one-replica StatefulSet with a persistent volume and status probes). The
        coordinator spawns its workers from the same binary, so each runs the whole application.
        Existing files are left alone: the command refuses to overwrite them.
        """,
      arguments: [CommandArgument("DIR", help: "The directory to write the files into; created if missing.")],
      options: [
        .value("--name", "NAME", help: "The name of the unit, the directories and the Kubernetes objects (default: \(toolName))."),
        .value("--product", "PRODUCT", help: "The SwiftPM executable product to build and run (default: \(toolName))."),
        .value("--image", "IMAGE", help: "The image the manifest runs (default: NAME:latest)."),
      ],
      examples: ["\(toolName) package deploy", "\(toolName) package --image registry.example.com/\(toolName):1.0 deploy"],
      run: { arguments in
        let name = arguments.value("--name") ?? toolName
        let product = arguments.value("--product") ?? toolName
        for (option, value) in [("--name", name), ("--product", product)] where !isPlainName(value) {
          throw UsageError.invalidValue(name: option, value: value, expected: "letters, digits, '-', '_' and '.', starting with a letter or digit")
        }
        let package = DeploymentPackage(name: name, product: product, image: arguments.value("--image") ?? "\(name):latest")
        let directory = arguments.argument("DIR") ?? "."
        let paths = package.files.map { (directory + "/" + $0.name, $0.text) }
        if let existing = paths.first(where: { FileManager.default.fileExists(atPath: $0.0) }) {
          throw UsageError.conflict("\(existing.0) exists; remove it or choose another DIR")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (path, text) in paths {
          try text.write(toFile: path, atomically: true, encoding: .utf8)
          StandardStream.output.write("wrote \(path)\n")
        }
        return 0
      }
    )
  }

  private static func isPlainName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || ("0"..."9").contains(first) else { return false }
    return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
  }
}
