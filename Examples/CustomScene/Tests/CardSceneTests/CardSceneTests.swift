import Foundation
import Testing
import CardScene
import StrataTesting

/// The drag recorded in a real window (`card-strata window card --record`) replays to
/// the reference frames beside it, and a spin half way round looks as it did.
@Suite struct CardSceneTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Traces").path

    @Test func theRecordedDragReplaysToItsReferences() {
        assertFrames(of: Self.traces + "/card-drag.trace", matchReferencesIn: Self.traces + "/references/card-drag",
                     scenes: [CardScene.descriptor])
    }

    @Test func aTapSpinsTheCard() {
        assertScene(CardScene.descriptor, at: 0.3, script: ["tap": true], named: "spin-0.3")
    }
}
