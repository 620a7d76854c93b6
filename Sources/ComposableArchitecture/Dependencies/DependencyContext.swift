import Foundation

/// Which value of each dependency is in force: live, preview or test.
public enum DependencyContext: Sendable, Equatable {
  /// The real application.
  case live
  /// A preview or demo.
  case preview
  /// A test: dependencies default to values that report failures when used.
  case test

  /// The context a process starts in: `test` inside a test runner, otherwise `live`.
  static let processDefault: DependencyContext = {
    let executable = ProcessInfo.processInfo.arguments.first ?? ""
    return executable.hasSuffix(".xctest") ? .test : .live
  }()
}
