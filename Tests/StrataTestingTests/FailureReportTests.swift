import Foundation
import Testing
import StrataTestSupport
import StrataCompare
import StrataModel
import StrataRender
import StrataScenes
import StrataTesting

/// The issues a test gets: what the matching closures saw.
final class Issues: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []
    func add(_ issue: Issue) -> Bool {
        lock.withLock { texts.append(issue.comments.map(\.rawValue).joined()) }
        return true
    }
    var all: [String] { lock.withLock { texts } }
}

func writeTrace(_ path: String, angle: Int = 0, to endX: Int = 100) throws {
    // Six frames at 10 fps; the drag turns the carousel from frame 1 on, the last frame furthest.
    try """
    {"trace": 1, "scene": "carousel", "width": 160, "height": 120, "scale": 1, "fps": 10, "options": {"angle": \(angle)}}
    {"t": 0, "kind": "down", "x": 40, "y": 60}
    \((1...4).map { #"{"t": \#(Double($0) / 10), "kind": "move", "x": \#(40 + (endX - 40) * $0 / 5), "y": 60}"# }.joined(separator: "\n"))
    {"t": 0.5, "kind": "up", "x": \(endX), "y": 60}

    """.write(toFile: path, atomically: true, encoding: .utf8)
}

@Suite(.serialized, .tags(.gl)) struct FailureReportTests {
    /// Five failing frames make one issue: the counts, the first and the worst frame, the
    /// report; the artifacts in `<trace>/` as `strata check` names the folder. The longer
    /// drag leaves frame 0 alike and turns further with every frame after it.
    @Test func oneIssuePerAssertionWithTheFirstAndWorstFrames() throws {
        let dir = try scratch("one-issue")
        try writeTrace(dir + "/a.trace")
        try writeTrace(dir + "/drag.trace", to: 160)
        // The default artifacts folder (STRATA_ARTIFACTS unset; not set here, as suites run in parallel).
        let refs = dir + "/refs", artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("strata-snapshots").path
        let recorded = Issues()
        withKnownIssue { assertFrames(of: dir + "/a.trace", matchReferencesIn: refs, scenes: SceneRegistry.scenes) } matching: { recorded.add($0) }
        #expect(recorded.all.count == 1 && recorded.all[0].contains("6 of 6 frames fail; first and worst: frame-00000: no reference frame: recorded"), "\(recorded.all)")

        try? FileManager.default.removeItem(atPath: artifacts + "/drag")
        let seen = Issues()
        withKnownIssue { assertFrames(of: dir + "/drag.trace", matchReferencesIn: refs, scenes: SceneRegistry.scenes) } matching: { seen.add($0) }
        #expect(seen.all.count == 1, "\(seen.all)")
        let message = seen.all.first ?? ""
        #expect(message.hasPrefix("trace \(dir)/drag.trace: 5 of 6 frames fail; first: frame-00001 does not match its reference in \(refs): "), "\(message)")
        #expect(message.hasSuffix("; report: \(artifacts)/drag/report.html") && message.components(separatedBy: "report: ").count == 2, "\(message)")
        // The worst is another frame than the first, with more differing pixels.
        let counts = message.components(separatedBy: " pixels differ").dropLast().map { Int($0.split(separator: " ").last ?? "") ?? -1 }
        #expect(counts.count == 2 && counts[1] > counts[0] && counts[0] > 0, "\(counts)")
        #expect(message.contains("; worst: frame-0000") && !message.contains("; worst: frame-00001"), "\(message)")
        for frame in 1..<6 {
            #expect(FileManager.default.fileExists(atPath: "\(artifacts)/drag/frame-0000\(frame)-diff.png"))
        }
    }

    /// A recording run fails saying what it wrote; the next plain run passes.
    @Test func aRecordingRunFailsSayingWhatItWrote() throws {
        let dir = try scratch("record-fails")
        try writeTrace(dir + "/a.trace")
        try writeTrace(dir + "/b.trace", angle: 40)
        let refs = dir + "/refs"
        withKnownIssue { assertFrames(of: dir + "/a.trace", matchReferencesIn: refs, scenes: SceneRegistry.scenes) } matching: { _ in true }
        let seen = Issues()
        withKnownIssue { assertFrames(of: dir + "/a.trace", matchReferencesIn: refs, scenes: SceneRegistry.scenes, record: .all) } matching: { seen.add($0) }
        #expect(seen.all == ["trace \(dir)/a.trace: recording (STRATA_RECORD=all) into \(refs): 0 references updated, 6 unchanged, 0 added; run again without STRATA_RECORD to check against them"], "\(seen.all)")
        let seenAgain = Issues()
        withKnownIssue { assertFrames(of: dir + "/b.trace", matchReferencesIn: refs, scenes: SceneRegistry.scenes, record: .changed) } matching: { seenAgain.add($0) }
        #expect(seenAgain.all.count == 1 && seenAgain.all[0].contains("recording (STRATA_RECORD=changed) into \(refs): 6 references updated, 0 unchanged, 0 added"), "\(seenAgain.all)")
        assertFrames(of: dir + "/b.trace", matchReferencesIn: refs, scenes: SceneRegistry.scenes)
    }
}
