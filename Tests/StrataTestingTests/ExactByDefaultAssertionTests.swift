import Foundation
import Testing
import StrataTestSupport
import StrataCompare
import StrataModel
import StrataRender
import StrataScenes
import StrataTesting

/// A brand colour moved from (52,199,89) to (48,209,88), max delta 10: inside the 0.1
/// threshold, so it fails only because the assertions compare exactly on the renderer
/// their references' manifest names.
@Suite(.serialized, .tags(.gl)) struct ExactByDefaultAssertionTests {
    static let size = Size(width: 60, height: 40)
    static let brand = Color(r8: 52, g8: 199, b8: 89), moved = Color(r8: 48, g8: 209, b8: 88)

    @Test func aSnapshotFailsABrandColourChange() throws {
        let dir = try scratch("exact-snapshot")
        withKnownIssue {
            assertSnapshot(of: card(Self.brand, cornerRadius: 0), size: Self.size, named: "brand", in: dir)
        } matching: { $0.comments.contains { $0.rawValue.contains("no reference frame: recorded") } }
        // Recording wrote the manifest that names this renderer.
        #expect(FileManager.default.fileExists(atPath: dir + "/" + ReferenceManifest.fileName))
        assertSnapshot(of: card(Self.brand, cornerRadius: 0), size: Self.size, named: "brand", in: dir)
        withKnownIssue {
            assertSnapshot(of: card(Self.moved, cornerRadius: 0), size: Self.size, named: "brand", in: dir)
        } matching: { issue in
            // The 40x20 card's 800 pixels, compared byte for byte.
            issue.comments.contains { $0.rawValue.contains("brand does not match its reference in \(dir): 800 pixels differ") && $0.rawValue.contains("max channel delta 10") }
        }
        // Given rules hold: the threshold lets it pass, as it did by default before.
        assertSnapshot(of: card(Self.moved, cornerRadius: 0), size: Self.size, named: "brand", in: dir, threshold: 0.1)
        // No manifest: the threshold by default.
        try FileManager.default.removeItem(atPath: dir + "/" + ReferenceManifest.fileName)
        assertSnapshot(of: card(Self.moved, cornerRadius: 0), size: Self.size, named: "brand", in: dir)
    }

    /// assertFrames against references whose red channel is 10 levels up wherever it can be.
    @Test func framesFailAColourChangeOfTenLevels() throws {
        let dir = try scratch("exact-frames")
        let trace = dir + "/drag.trace"
        try """
        {"trace": 1, "scene": "carousel", "width": 160, "height": 120, "scale": 1, "fps": 10, "options": {"angle": 0}}
        {"t": 0, "kind": "down", "x": 40, "y": 60}
        {"t": 0.2, "kind": "up", "x": 60, "y": 60}

        """.write(toFile: trace, atomically: true, encoding: .utf8)
        let refs = dir + "/refs"
        withKnownIssue { assertFrames(of: trace, matchReferencesIn: refs, scenes: SceneRegistry.scenes) } matching: { _ in true }
        assertFrames(of: trace, matchReferencesIn: refs, scenes: SceneRegistry.scenes)
        // Recorded as `strata check --record` records: each image once, by its hash.
        var manifest = try #require(try ReferenceManifest.read(directory: refs))
        let hash = try #require(manifest.frames?["frame-00000"])
        let image = try PNG.read(path: refs + "/" + ReferenceImage.fileName(sha256: hash))
        var pixels = image.pixels
        var changed = 0
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] == 255 && pixels[i] <= 245 {
            pixels[i] += 10
            changed += 1
        }
        #expect(changed > 1000)
        let changedCount = changed
        // The changed image under its own hash, frame 0 mapped to it.
        let edited = Image(width: image.width, height: image.height, pixels: pixels)
        let editedHash = ReferenceImage.sha256(of: edited)
        try PNG.write(edited, to: refs + "/" + ReferenceImage.fileName(sha256: editedHash))
        manifest.frames?["frame-00000"] = editedHash
        try manifest.write(directory: refs)
        withKnownIssue {
            assertFrames(of: trace, matchReferencesIn: refs, scenes: SceneRegistry.scenes)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("frame-00000 does not match its reference in \(refs): \(changedCount) pixels differ") }
        }
        assertFrames(of: trace, matchReferencesIn: refs, scenes: SceneRegistry.scenes, threshold: 0.1)
    }
}
