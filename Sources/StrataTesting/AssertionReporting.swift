import Foundation
import Testing
#if canImport(XCTest)
import XCTest
#endif

/// Where an assertion was written: plain `#fileID`/`#filePath`/`#line`/`#column` values, so
/// a test file compiles with `import XCTest` or `import Testing` alone (Swift Testing's
/// `#_sourceLocation` is a macro only `import Testing` brings).
public struct AssertionSite: Sendable {
    public let fileID: String
    public let filePath: StaticString
    public let line: UInt
    public let column: UInt

    public init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID; self.filePath = filePath; self.line = line; self.column = column
    }

    var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// A failure of the test that is running: a Swift Testing issue inside a Swift Testing
    /// test, else an XCTest failure (`XCTFail`), so the assertion fails in either framework.
    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #else
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        #endif
    }

    /// Attaches a failure's image where the framework keeps attachments (Swift Testing's
    /// `--attachments-path`); under XCTest on Linux, which has none, the messages name the
    /// files written instead.
    func attach(_ png: [UInt8], named name: String) {
        if Test.current != nil { Attachment.record(png, named: name, sourceLocation: sourceLocation) }
    }
}
