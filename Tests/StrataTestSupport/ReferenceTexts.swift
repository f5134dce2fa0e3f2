import Foundation
import StrataCompare
import Testing

/// Compares `text` with `References/<name>.txt`, line for line. STRATA_RECORD says what is
/// recorded, as for images: a missing reference is written and the test fails saying so
/// (run it again); `changed` or `all` rewrites one that differs (`make record-references`).
/// A difference names the first line that differs, both ways.
public func expectMatchesTextReference(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = referencesDirectory.appendingPathComponent(name + ".txt")
    let mode = try RecordMode.fromEnvironment(default: .missing)
    let recorded = try? String(contentsOf: url, encoding: .utf8)
    if recorded == text && mode != .all { return }
    if recorded == nil ? mode != .none : mode == .changed || mode == .all {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("\(name).txt: recorded (STRATA_RECORD=\(mode.rawValue)) into \(url.path); check it and run again", sourceLocation: sourceLocation)
        return
    }
    guard let recorded else {
        Issue.record("\(name).txt: no reference at \(url.path) (STRATA_RECORD=none)", sourceLocation: sourceLocation)
        return
    }
    let expected = recorded.split(separator: "\n", omittingEmptySubsequences: false)
    let actual = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, actual.count)
    let show = { (lines: [Substring]) in line < lines.count ? String(lines[line]) : "(no line)" }
    let message = "\(name).txt differs from line \(line + 1) (\(expected.count) lines recorded, \(actual.count) now):\n"
        + "  recorded: \(show(expected))\n  now:      \(show(actual))"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
