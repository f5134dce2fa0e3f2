import Testing
import StrataModel
@testable import StrataRender
import StrataReplay
import StrataScenes
import StrataTestSupport

/// Every shipped trace replayed with frames drawn only where they differ from the last
/// (`FrameDamage`), each frame against the same frame drawn whole by a second renderer:
/// the same bytes. (The cards scroll, a scene file's trace, is checked `--exact` against its
/// references by CardsTraceTests, which were drawn whole.)
@Suite(.serialized, .tags(.gl)) struct FrameDamageTraceTests {
    @Test(arguments: ["alert-login", "alert-sheet", "alert-simple", "carousel-drag", "carousel-flick", "kitchensink-curl",
                      "kitchensink-flip", "kitchensink-labels", "shake-all", "shake-completion"])
    func shippedFramesDrawnOverTheLastAreTheFramesDrawnWhole(trace name: String) throws {
        let (replayer, _) = try Replayer.load(path: shippedTrace(name), scenes: SceneRegistry.catalog)
        let damaged = try makeRenderer(), whole = try makeRenderer()
        whole.redrawsOnlyDamage = false
        var differing: [Int] = []
        let result = try replayer.framesWithTrees(renderer: damaged) { frame, presentation in
            let drawnWhole = try whole.render(layer: presentation, pixelWidth: replayer.pixelWidth, pixelHeight: replayer.pixelHeight,
                                              scale: replayer.scale)
            if frame.image.pixels != drawnWhole.pixels { differing.append(frame.index) }
        }
        #expect(differing.isEmpty, "\(name): frames \(differing.prefix(10)) of \(result.frameCount) differ")
        #expect(whole.partialFrameCount == 0)
        // How many frames damage drew in part (a trace whose frames all read around them, or
        // all change over half the frame, has none).
        print("\(name): \(damaged.partialFrameCount) of \(result.frameCount) frames drawn in part, \(damaged.reusedFrameCount) given back")
    }
}
