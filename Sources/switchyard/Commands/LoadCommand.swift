import SwitchyardCLI

enum LoadCommand {
  static let command = Command(name: "load", abstract: "Drive a coordinator with simulated users and report.", run: { _ in 0 })
}
