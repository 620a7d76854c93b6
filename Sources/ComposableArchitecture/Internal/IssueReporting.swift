import Foundation
import Testing
import XCTest

/// Reports that something went wrong that should not have, without crashing.
///
/// Under Swift Testing it records an `Issue` (so `withKnownIssue` can expect it), under XCTest it
/// fails the running test, and in a running application it prints a runtime warning to standard error.
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
}

func reportIssue(_ message: String, location: CallSite) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: Testing.SourceLocation(
        fileID: "\(location.fileID)",
        filePath: "\(location.filePath)",
        line: Int(location.line),
        column: Int(location.column)
      )
    )
  } else if DependencyContext.processDefault == .test {
    XCTFail(message, file: location.filePath, line: location.line)
  } else {
    FileHandle.standardError.write(Data("warning: \(location.fileID):\(location.line): \(message)\n".utf8))
  }
}
