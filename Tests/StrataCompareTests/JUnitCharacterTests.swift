import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import StrataCompare

/// Names with characters XML 1.0 cannot hold still give a well-formed JUnit file.
@Test(arguments: ["a\u{FFFE}b", "a\u{FFFF}b", "bell\u{7}", "nul\u{0}", "ok & <fine>"])
func junitIsWellFormedWhateverTheNames(_ name: String) {
    let entry = ReportEntry(name: name, result: nil, problem: "problem of \(name)")
    let xml = JUnitReport.render([TraceCheck(name: name, frameCount: 1, entries: [entry])])
    let parser = XMLParser(data: Data(xml.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? ""): \(xml)")
    #expect(!xml.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF || $0.value == 0 })
}
