import Foundation
import Testing
import StrataSceneFile
import StrataTestSupport
import StrataTesting

/// A trace recorded from a scene file names the file in its header (`sceneFile`). `strata
/// check` loads it; `assertFrames` replays in the scenes it is given, so it says which file
/// to load, and with the file's descriptor it checks the frames as `check` does.
@Suite(.serialized, .tags(.gl)) struct SceneFileTraceAssertionTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Scenes"

    @Test func aSceneFileTraceWithoutItsSceneSaysWhichFileToLoad() {
        let seen = Issues()
        withKnownIssue {
            assertFrames(of: Self.scenes + "/cards-scroll.trace", matchReferencesIn: Self.scenes + "/references/cards-scroll",
                         scenes: [], every: 100)
        } matching: { seen.add($0) }
        #expect(seen.all.count == 1 && seen.all[0].contains("cards-scroll.trace was recorded from the scene file cards.scene.json (beside it)")
                && seen.all[0].contains("SceneFile.load(path:"), "\(seen.all)")
    }

    @Test func withTheFilesDescriptorItsFramesMatchTheirReferences() throws {
        let file = try SceneFile.load(path: Self.scenes + "/cards.scene.json")
        assertFrames(of: Self.scenes + "/cards-scroll.trace", matchReferencesIn: Self.scenes + "/references/cards-scroll",
                     scenes: [file.descriptor], every: 100, exact: true)
    }
}
