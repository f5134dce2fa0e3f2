import Testing
import StrataModel
import StrataReplay
import StrataScenes

/// `ReplayStepper`: the tree of a frame, stepped to in a scene of its own after the replay
/// has moved on, is the tree the replay drew that frame from (what a check explains a
/// failing frame with while later frames render). No GL: the replay is simulated.
@Suite struct ReplayStepperTests {
    // Every shipped trace: alerts, transitions (the curl's and flip's snapshots), text.
    @Test(arguments: ["alert-login", "alert-sheet", "alert-simple", "carousel-drag", "carousel-flick", "kitchensink-curl",
                      "kitchensink-flip", "kitchensink-labels", "shake-all", "shake-completion"])
    func aSteppedFrameHasTheReplaysTree(trace name: String) throws {
        let (replayer, _) = try Replayer.load(path: shippedTrace(name), scenes: SceneRegistry.catalog)
        var trees: [Int: LayerTreeSnapshot] = [:]
        let result = try replayer.simulate { step in
            // A presentation every frame, as a check draws; kept every seventh frame and at
            // the end, so the stepper skips several frames between the ones it is asked for.
            let presentation = step.scene.presentationLayer
            if step.index % 7 == 3 || step.index >= replayer.plannedFrameCount - 2 {
                trees[step.index] = LayerTreeSnapshot(presentation)
            }
        }
        #expect(trees.count > 10, "\(name): \(result.frameCount) frames")
        let stepper = ReplayStepper(following: replayer)
        for index in trees.keys.sorted() {
            let tree = LayerTreeSnapshot(try stepper.presentation(ofFrame: index))
            #expect(tree == trees[index], "\(name): frame \(index)")
        }
        // Asked again, the same frame gives the same tree.
        if let last = trees.keys.max() {
            #expect(LayerTreeSnapshot(try stepper.presentation(ofFrame: last)) == trees[last])
        }
    }
}
