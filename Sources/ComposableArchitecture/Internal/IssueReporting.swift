import Foundation
import Testing
import XCTest

/// Reports that something went wrong that should not have, without crashing.
///
/// Under Swift Testing it records an `Issue` (so `withKnownIssue` can expect it), under XCTest it
/// fails the running test, and in a running application it prints a runtime warning to standard error,
/// at most one a minute from each call site (``RuntimeWarningThrottle``).
public func reportIssue(
  _ message: @autoclosure () -> String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  reportIssue(message(), location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Where in the user's source a call was made, carried so failures point at the user's line.
@usableFromInline
struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  var sourceLocation: Testing.SourceLocation {
    Testing.SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  }
}

func reportIssue(_ message: String, location: CallSite) {
  if Test.current != nil {
    Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
  } else if DependencyContext.processDefault == .test {
    XCTFail(message, file: location.filePath, line: location.line)
  } else {
    let site = "\(location.fileID):\(location.line)"
    guard let unprinted = RuntimeWarningThrottle.shared.admit(site: site) else { return }
    let count = unprinted == 0 ? "" : "(\(unprinted) more warnings from here since the last one printed were not) "
    FileHandle.standardError.write(Data("warning: \(site): \(count)\(message)\n".utf8))
  }
}

/// Reports an issue the test expects, as TCA's `withExpectedIssue` does: under Swift Testing a known
/// issue, shown but never failing the test; elsewhere a note on standard error.
func reportExpectedIssue(_ message: String, location: CallSite) {
  guard Test.current != nil else {
    FileHandle.standardError.write(Data("note: \(location.fileID):\(location.line): \(message)\n".utf8))
    return
  }
  withKnownIssue(isIntermittent: true, sourceLocation: location.sourceLocation) {
    Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
  }
}
