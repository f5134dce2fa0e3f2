import Foundation
import Testing
import StrataTestSupport
import StrataScenes
import StrataTesting

/// `assertFrames(every: K)` compares only frames 0, K, 2K, ... as `strata check --every K`
/// does: a long trace checked in part, the references between kept.
@Suite(.serialized, .tags(.gl)) struct EveryKthFrameAssertionTests {
    @Test func onlyEveryKthFrameIsCompared() throws {
        let dir = try scratch("every"), refs = dir + "/refs"
        let short = dir + "/short.trace", long = dir + "/long.trace"
        try writeTrace(short, to: 100)
        // Dragged further: from frame 1 on every frame turns the carousel further than the
        // short drag's; frame 0, before the first move, is the same.
        try writeTrace(long, to: 140)
        withKnownIssue {
            assertFrames(of: short, matchReferencesIn: refs, scenes: SceneRegistry.scenes, record: .all)
        } matching: { _ in true }
        assertFrames(of: short, matchReferencesIn: refs, scenes: SceneRegistry.scenes, every: 2, exact: true)

        // Every 6th of the six frames is frame 0 alone: it passes.
        assertFrames(of: long, matchReferencesIn: refs, scenes: SceneRegistry.scenes, every: 6, exact: true)
        // Every 5th: frames 0 and 5, and frame 5 fails; frames 1 to 4 are not compared.
        let seen = Issues()
        withKnownIssue {
            assertFrames(of: long, matchReferencesIn: refs, scenes: SceneRegistry.scenes, every: 5, exact: true)
        } matching: { seen.add($0) }
        #expect(seen.all.count == 1 && seen.all[0].contains("frame-00005") && !seen.all[0].contains("frame-00001"), "\(seen.all)")
    }

    @Test func aPartOfTheFramesIsNotRecordedAsTheWholeSet() throws {
        let dir = try scratch("every-record"), trace = dir + "/t.trace"
        try writeTrace(trace)
        let seen = Issues()
        withKnownIssue {
            assertFrames(of: trace, matchReferencesIn: dir + "/refs", scenes: SceneRegistry.scenes, every: 2, record: .all)
            assertFrames(of: trace, matchReferencesIn: dir + "/refs", scenes: SceneRegistry.scenes, every: 0)
        } matching: { seen.add($0) }
        #expect(seen.all.count == 2, "\(seen.all)")
        #expect(seen.all.first?.contains("every: 2 checks part of a replay") == true, "\(seen.all)")
        #expect(seen.all.last?.contains("every must be at least 1, got 0") == true, "\(seen.all)")
        // Nothing was written.
        #expect(!FileManager.default.fileExists(atPath: dir + "/refs"))
    }
}
