import Foundation
import StrataCompare
import StrataModel
import StrataRender
import Testing

/// Tests/References, found from this file so tests run from any directory.
public let referencesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("References")

/// Compares a frame with `References/<name>.png` by the one golden-image rule, the
/// `ReferenceChecker` of `strata check` (pixelmatch's threshold, anti-aliasing set
/// aside, at most `maxDifferingPixels` differing); STRATA_RECORD says what is recorded
/// (`make record-references` sets it to all; a missing reference is recorded and fails).
public func expectMatchesReference(_ image: Image, _ name: String, maxDifferingPixels: Int = 0,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = referencesDirectory.appendingPathComponent(name + ".png")
    let checker = ReferenceChecker(directory: path.deletingLastPathComponent().path,
                                   options: CompareOptions(tolerance: .maxDiffPixels(maxDifferingPixels)),
                                   mode: try RecordMode.fromEnvironment(default: .missing))
    try checker.check(image, named: path.lastPathComponent.replacingOccurrences(of: ".png", with: ""))
    for failure in checker.result.failures {
        if let problem = failure.problem {
            Issue.record("\(name): \(problem); check it and rerun", sourceLocation: sourceLocation)
        } else if let r = failure.result {
            let failed = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(name.replacingOccurrences(of: "/", with: "-"))-actual.png").path
            try? PNG.write(image, to: failed)
            Issue.record(r.sizeMatches
                ? "\(name): \(r.diffPixels) pixels differ (max delta \(r.maxChannelDelta), first at \(r.firstDifferences.first.map { "\($0)" } ?? "-")); actual frame written to \(failed)"
                : "\(name): size \(r.actualWidth)x\(r.actualHeight) differs from reference \(r.width)x\(r.height)",
                sourceLocation: sourceLocation)
        }
    }
}
