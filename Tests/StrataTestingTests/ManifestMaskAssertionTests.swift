import Foundation
import Testing
import StrataCompare
import StrataDriver
import StrataGestures
import StrataModel
import StrataTestSupport
import StrataTesting

/// assertFrames checks as `strata check` does (one checker, `TraceReferenceCheck`): the
/// masks the references keep in their manifest apply, and re-recording keeps them.
@Suite(.serialized, .tags(.gl)) struct ManifestMaskAssertionTests {
    /// Two 40 x 40 squares on a 100 x 50 view: the left one's grey is the option `left`,
    /// the right one is black. Frames of two values differ only at x 10...50.
    final class TwoSquares: Scene {
        let rootLayer = Layer()
        init(left: Double) {
            rootLayer.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
            rootLayer.position = Point(x: 50, y: 25)
            rootLayer.backgroundColor = .white
            for (x, grey) in [(10.0, left), (60.0, 0.0)] {
                let square = Layer()
                square.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
                square.position = Point(x: x + 15, y: 25)
                square.backgroundColor = Color(white: grey)
                rootLayer.addSublayer(square)
            }
        }
        func handle(_ event: InputEvent) {}
        func advance(to time: Double) {}
        var hasRunningAnimations: Bool { false }
        var statusDescription: String { "" }
    }

    static let scene = SceneDescriptor(name: "two-squares", summary: "two squares", options: [
        OptionSpec("left", .number(0...1), default: .number(0.2), help: "the left square's grey"),
    ], defaultViewSize: Size(width: 100, height: 50)) { context in TwoSquares(left: context.options.number("left")) }

    static func trace(_ path: String, left: Double) throws {
        try """
        {"trace": 1, "scene": "two-squares", "width": 100, "height": 50, "scale": 1, "fps": 10, "options": {"left": \(left)}}
        {"t": 0.1, "kind": "down", "x": 5, "y": 5}
        {"t": 0.2, "kind": "up", "x": 5, "y": 5}

        """.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aMaskKeptInTheManifestIsHonouredAndReRecordingKeepsIt() throws {
        let dir = try scratch("manifest-masks"), refs = dir + "/refs"
        try Self.trace(dir + "/dark.trace", left: 0.2)
        try Self.trace(dir + "/light.trace", left: 0.8)
        // Recorded with a mask over the left square (view points 5, 5, 50 x 40).
        let mask = [Rect(x: 5, y: 5, width: 50, height: 40)]
        withKnownIssue {
            assertFrames(of: dir + "/dark.trace", matchReferencesIn: refs, scenes: [Self.scene], mask: mask, record: .all)
        } matching: { _ in true }
        let kept = try #require(try ReferenceManifest.read(directory: refs)?.masks)
        #expect(kept == [MaskRegion(x: 5, y: 5, width: 50, height: 40)])

        // The light trace differs only under the mask: it passes with no mask given, as
        // `strata check` passes it.
        assertFrames(of: dir + "/light.trace", matchReferencesIn: refs, scenes: [Self.scene])
        assertFrames(of: dir + "/light.trace", matchReferencesIn: refs, scenes: [Self.scene], exact: true)

        // Re-recorded without a mask: the manifest keeps the one it had.
        withKnownIssue {
            assertFrames(of: dir + "/dark.trace", matchReferencesIn: refs, scenes: [Self.scene], record: .all)
        } matching: { _ in true }
        #expect(try ReferenceManifest.read(directory: refs)?.masks == kept)
        assertFrames(of: dir + "/light.trace", matchReferencesIn: refs, scenes: [Self.scene])

        // Without the manifest's mask the frames do differ: 30 x 30 pixels of the square.
        var manifest = try #require(try ReferenceManifest.read(directory: refs))
        manifest.masks = nil
        try manifest.write(directory: refs)
        let seen = Issues()
        withKnownIssue {
            assertFrames(of: dir + "/light.trace", matchReferencesIn: refs, scenes: [Self.scene], exact: true)
        } matching: { seen.add($0) }
        #expect(seen.all.count == 1 && seen.all[0].contains("900 pixels differ"), "\(seen.all)")
    }
}
