import Foundation
import SwitchyardTestSupport

/// The directory a browser test's page script writes its screenshots to: kept, and named, unless
/// the test marks it ``passed``, for a person to see what the page showed; removed once a passing
/// test is done with it, as every run otherwise left a few megabytes of them in /tmp.
final class Screenshots {
  let path = uniqueTemporaryPath("inspector-screenshots")
  /// Set when the test passed: its screenshots are then removed.
  var passed = false

  /// Whether the script wrote a screenshot of `step`.
  func contains(_ step: String) -> Bool {
    FileManager.default.fileExists(atPath: "\(path)/\(step).png")
  }

  deinit {
    if passed {
      try? FileManager.default.removeItem(atPath: path)
    } else if FileManager.default.fileExists(atPath: path) {
      print("inspector screenshots of the failed run: \(path)")
    }
  }
}
