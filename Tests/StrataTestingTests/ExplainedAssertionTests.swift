import Foundation
import Testing
import StrataTestSupport
import StrataCompare
import StrataModel
import StrataScenes
import StrataTesting

/// Issue 27 in Swift tests: recording keeps the layer trees beside the frames, a failing
/// frame's issue says which layer and property changed, and `assertMotion` checks tracks
/// against the `tracks.json` that `strata check --track` keeps.
@Suite(.serialized, .tags(.gl)) struct ExplainedAssertionTests {
    static func still(_ path: String, angle: Int) throws {
        try "{\"trace\": 1, \"scene\": \"carousel\", \"width\": 160, \"height\": 120, \"scale\": 1, \"fps\": 10, \"options\": {\"angle\": \(angle)}}\n{\"t\": 0.2, \"kind\": \"down\", \"x\": 40, \"y\": 60}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func assertFramesRecordsTreesAndExplainsAFailure() throws {
        let dir = try scratch("explained-frames"), refs = dir + "/refs"
        try Self.still(dir + "/a.trace", angle: 0)
        try Self.still(dir + "/b.trace", angle: 20)
        withKnownIssue { assertFrames(of: dir + "/a.trace", matchReferencesIn: refs, scenes: SceneRegistry.scenes) } matching: { _ in true }
        let trees = try #require(try ReferenceTrees.read(refs + "/layers.json"))
        #expect(trees.frames.map(\.name) == ["frame-00000", "frame-00001", "frame-00002"])
        assertFrames(of: dir + "/a.trace", matchReferencesIn: refs, scenes: SceneRegistry.scenes)
        let seen = Issues()
        withKnownIssue { assertFrames(of: dir + "/b.trace", matchReferencesIn: refs, scenes: SceneRegistry.scenes) } matching: { seen.add($0) }
        #expect(seen.all.count == 1 && seen.all[0].contains(" pixels differ") && seen.all[0].contains("; plane0 (CAGradientLayer) transform.m11 1 -> 0.94; "), "\(seen.all)")
        // The assertion's report carries the explanation too.
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("strata-snapshots/b/report.html").path
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("<p class=\"explanation\">plane0 (CAGradientLayer) transform.m11 1 -&gt; 0.94; "))
    }

    @Test func assertSceneKeepsItsTreeBesideItsImage() throws {
        let dir = try scratch("explained-scene")
        let carousel = try #require(SceneRegistry.scenes.first { $0.name == "carousel" })
        withKnownIssue { assertScene(carousel, options: ["angle": .number(0)], named: "turn", in: dir) } matching: { _ in true }
        #expect(FileManager.default.fileExists(atPath: dir + "/turn.layers.json"))
        let seen = Issues()
        withKnownIssue { assertScene(carousel, options: ["angle": .number(20)], named: "turn", in: dir) } matching: { seen.add($0) }
        #expect(seen.all.count == 1 && seen.all[0].contains("; plane0 (CAGradientLayer) transform.m11 1 -> 0.94; "), "\(seen.all)")
    }

    /// The shipped shake: recorded on the first run (which fails saying so), passing on the
    /// next, failing with the gap and its time when the reference is moved by 3 pt at rest.
    @Test func assertMotionChecksTheShakeTrack() throws {
        let dir = try scratch("explained-motion")
        let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Traces/shake-all.trace").path
        let key = "usernameField.transform.translation.x"
        let first = Issues()
        withKnownIssue { assertMotion(of: trace, keyPaths: [key], scenes: SceneRegistry.scenes, matchReferencesIn: dir) } matching: { first.add($0) }
        #expect(first.all == ["motion of \(trace): recorded \(key) into \(dir)/tracks.json; run again to check against them"])
        assertMotion(of: trace, keyPaths: [key], scenes: SceneRegistry.scenes, matchReferencesIn: dir)
        var tracks = try #require(try MotionTracks.read(directory: dir))
        #expect(tracks.tracks[key]?.count == 76 && tracks.tracks[key]?.first == 0)
        // 3 pt off while the field is at rest, before the tap.
        tracks.tracks[key] = tracks.tracks[key]!.enumerated().map { $0.offset < 10 ? $0.element + 3 : $0.element }
        try tracks.write(into: dir, references: dir)
        let moved = Issues()
        withKnownIssue { assertMotion(of: trace, keyPaths: [key], scenes: SceneRegistry.scenes, matchReferencesIn: dir) } matching: { moved.add($0) }
        #expect(moved.all == ["motion of \(trace): \(key): largest gap 3 pt at 0.00 s (tolerance 0.5 pt)"], "\(moved.all)")
        assertMotion(of: trace, keyPaths: [key], scenes: SceneRegistry.scenes, matchReferencesIn: dir, tolerance: 3.01)
    }
}
