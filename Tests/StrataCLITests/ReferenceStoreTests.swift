import Foundation
import Testing
import StrataDigest
import StrataModel
import StrataRender
import StrataTestSupport

/// A short drag, then the finger held still until 1 s: 21 frames at 20 fps, the last 17
/// of them (at least) one image.
private func stillTrace(_ dir: String, name: String = "still", angle: Double = 0) throws -> String {
    let lines = ["{\"trace\": 1, \"scene\": \"carousel\", \"width\": 160, \"height\": 120, \"scale\": 1, \"fps\": 20, \"options\": {\"angle\": \(angle)}}",
                 "{\"t\": 0, \"kind\": \"down\", \"x\": 40, \"y\": 60}",
                 "{\"t\": 0.05, \"kind\": \"move\", \"x\": 60, \"y\": 60}",
                 "{\"t\": 0.1, \"kind\": \"move\", \"x\": 80, \"y\": 60}",
                 "{\"t\": 1.0, \"kind\": \"up\", \"x\": 80, \"y\": 60}"]
    let path = dir + "/\(name).trace"
    try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

private func images(_ refs: String) -> [String] { listing(refs).filter { $0.hasSuffix(".png") } }

/// Issue 29: references hold each distinct image once, named by the SHA-256 of its
/// pixels; an exact check passes on the hash; a passing check is kept in a cache.
@Suite(.serialized, .tags(.gl)) struct ReferenceStoreTests {
    @Test func aRecordingStoresEachDistinctImageOnceByTheHashOfItsPixels() throws {
        let dir = try temporaryDirectory("store-once")
        let refs = dir + "/refs"
        let r = try strata(["check", try stillTrace(dir), "--references", refs, "--record"])
        #expect(r.status == 0 && r.stdout.contains("recorded 21 frames into \(refs): 0 references updated, 0 unchanged, 21 added"), "\(r.stdout)\(r.stderr)")
        let map = try referenceFrameMap(refs)
        #expect(map.keys.sorted() == (0..<21).map { String(format: "frame-%05d", $0) })
        // Each file is named by its decoded pixels' hash, and every file is used. References
        // are written with libdeflate (`.compact`), the smaller file git keeps.
        for file in images(refs) {
            let image = try PNG.read(path: refs + "/" + file)
            #expect(image.pixels.withUnsafeBytes { SHA256.hex(of: $0) } + ".png" == file)
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: refs + "/" + file))) == PNG.encode(image, options: .compact))
        }
        #expect(Set(map.values.map { $0 + ".png" }) == Set(images(refs)))
        // The carousel at rest after the release is one file for all its frames.
        #expect(Set((3..<21).map { map[String(format: "frame-%05d", $0)]! }).count == 1, "\(map)")
        #expect(images(refs).count <= 5, "\(images(refs))")
        let check = try strata(["check", dir + "/still.trace", "--references", refs])
        #expect(check.status == 0 && check.stdout.hasSuffix("21 passed, 0 failed\n"), "\(check.stdout)\(check.stderr)")
        let manifest = try String(contentsOfFile: refs + "/strata-references.json", encoding: .utf8)
        #expect(manifest.contains("\"strataReferences\" : 2"), "\(manifest)")
    }

    /// A folder of frame files still checks, and `--update all` rewrites it in the new
    /// layout with every frame unchanged, removing only the frame files it replaced.
    @Test func updateAllConvertsAFolderOfFrameFiles() throws {
        let dir = try temporaryDirectory("store-convert")
        let refs = dir + "/refs"
        let trace = try stillTrace(dir)
        #expect(try strata(["check", trace, "--references", refs, "--record"]).status == 0)
        let map = try referenceFrameMap(refs)
        try storeFramesAsFiles(refs)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: refs + "/NOTES.txt"))
        #expect(images(refs).count == 21)
        var r = try strata(["check", trace, "--references", refs])
        #expect(r.status == 0 && r.stdout.hasSuffix("21 passed, 0 failed\n"), "\(r.stdout)\(r.stderr)")
        r = try strata(["check", trace, "--references", refs, "--update", "all"])
        #expect(r.stdout.contains("0 references updated, 21 unchanged, 0 added, 21 frame files of the older layout now stored once by hash\n"), "\(r.stdout)")
        #expect(try referenceFrameMap(refs) == map)
        #expect(listing(refs) == (Set(map.values.map { $0 + ".png" }) + ["NOTES.txt", "layers.json", "strata-references.json"]).sorted())
        r = try strata(["check", trace, "--references", refs, "--exact"])
        #expect(r.status == 0 && r.stdout.hasSuffix("21 passed, 0 failed\n"), "\(r.stdout)\(r.stderr)")
    }

    /// `--update changed` in the new layout maps the failing frame to its image, leaves
    /// every other file as it was, and removes images no frame uses any more.
    @Test func updateChangedRewritesOnlyTheFailingFrame() throws {
        let dir = try temporaryDirectory("store-changed")
        let refs = dir + "/refs"
        let trace = try stillTrace(dir)
        #expect(try strata(["check", trace, "--references", refs, "--record"]).status == 0)
        // Frame 0 (before the drag moved) made to show frame 20's image: it alone fails.
        var map = try referenceFrameMap(refs)
        let first = map["frame-00000"]!
        #expect(first != map["frame-00020"]!)
        map["frame-00000"] = map["frame-00020"]!
        try rewriteMap(refs, map)
        var r = try strata(["check", trace, "--references", refs])
        #expect(r.status == 1 && r.stdout.contains("frame-00000: FAIL: ") && r.stdout.contains("pixels differ") && r.stdout.hasSuffix("20 passed, 1 failed\n"), "\(r.stdout)")
        let old = timespec(tv_sec: 1_000_000_000, tv_nsec: 0)
        var times = [old, old]
        for f in images(refs) { #expect(utimensat(AT_FDCWD, refs + "/" + f, &times, 0) == 0) }
        r = try strata(["check", trace, "--references", refs, "--update", "changed"])
        #expect(r.status == 0 && r.stdout.contains("frame-00000: updated: ") && r.stdout.contains("1 reference updated, 20 unchanged, 0 added\n"), "\(r.stdout)\(r.stderr)")
        #expect(try referenceFrameMap(refs)["frame-00000"] == first)
        // Its image was still there: no file was written.
        for f in images(refs) {
            var s = stat()
            #expect(stat(refs + "/" + f, &s) == 0 && s.st_mtim.tv_sec == old.tv_sec, "\(f) was rewritten")
        }
        r = try strata(["check", trace, "--references", refs])
        #expect(r.status == 0 && r.stdout.hasSuffix("21 passed, 0 failed\n"), "\(r.stdout)")
        // Every frame changed: the images no frame names any more are gone.
        let before = Set(images(refs))
        r = try strata(["check", try stillTrace(dir, angle: 30), "--references", refs, "--update", "changed"])
        #expect(r.status == 0 && r.stdout.contains("21 references updated, 0 unchanged, 0 added\n"), "\(r.stdout)\(r.stderr)")
        map = try referenceFrameMap(refs)
        #expect(Set(images(refs)) == Set(map.values.map { $0 + ".png" }) && before.isDisjoint(with: images(refs)), "\(listing(refs))")
    }

    /// With the references' own renderer a frame passes on its hash: the reference is not
    /// decoded. Named by another renderer, every frame is decoded and compared as before.
    @Test func anExactCheckPassesOnTheHashWithoutDecoding() throws {
        let dir = try temporaryDirectory("store-hash")
        let refs = dir + "/refs"
        let trace = try stillTrace(dir)
        #expect(try strata(["check", trace, "--references", refs, "--record"]).status == 0)
        // The rest image's file replaced by another image of its size, under the same name.
        let rest = try referenceFrameMap(refs)["frame-00020"]!
        #expect(try strata(["render", "carousel", "--angle", "50", "--size", "160x120", "--out", dir + "/other.png"]).status == 0)
        try FileManager.default.removeItem(atPath: refs + "/" + rest + ".png")
        try FileManager.default.copyItem(atPath: dir + "/other.png", toPath: refs + "/" + rest + ".png")
        var r = try strata(["check", trace, "--references", refs])
        #expect(r.status == 0 && r.stdout.hasSuffix("21 passed, 0 failed\n"), "passed on the hashes: \(r.stdout)\(r.stderr)")
        // Drawn elsewhere: compared pixel by pixel, so the swapped file fails its frames.
        let path = refs + "/strata-references.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"renderer\" : \"", with: "\"renderer\" : \"elsewhere ").write(toFile: path, atomically: true, encoding: .utf8)
        let resting = try referenceFrameMap(refs).values.filter { $0 == rest }.count
        r = try strata(["check", trace, "--references", refs])
        #expect(r.status == 1 && r.stdout.contains("frame-00020") && r.stdout.hasSuffix("\(21 - resting) passed, \(resting) failed\n"), "\(r.stdout)\(r.stderr)")
    }

    /// A second check with nothing changed is reported as passed from cache; any change
    /// to the trace or references replays; --no-cache replays; an unwritable cache folder
    /// never fails a check; a failing check is never cached.
    @Test func aPassingCheckIsCachedUntilAnInputChanges() throws {
        let dir = try temporaryDirectory("store-cache")
        let refs = dir + "/refs", cache = ["STRATA_CACHE_DIR": dir + "/cache"]
        let trace = try stillTrace(dir)
        #expect(try strata(["check", trace, "--references", refs, "--record"], environment: cache).status == 0)
        var r = try strata(["check", trace, "--references", refs], environment: cache)
        #expect(r.status == 0 && r.stdout == "21 passed, 0 failed\n", "\(r.stdout)")
        // The pass kept: one compact line, the entry's fields in their declared order.
        let stored = listing(dir + "/cache").filter { $0.hasSuffix(".json") && $0 != "file-digests.json" }
        #expect(stored.count == 1, "\(stored)")
        for name in stored {
            struct Entry: Codable { var key: String; var trace: String; var width: Int; var height: Int; var frames: [String] }
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/cache/" + name)))
            let entry = try JSONDecoder().decode(Entry.self, from: Data(bytes))
            #expect(entry.key + ".json" == name && entry.trace == "still" && entry.frames.count == 21)
            #expect(bytes == (try JSONWriter.bytes(entry)), "\(String(decoding: bytes, as: UTF8.self))")
        }
        r = try strata(["check", trace, "--references", refs], environment: cache)
        #expect(r.status == 0 && r.stdout == "still: passed from cache: 21 frames unchanged since a check that passed (--no-cache replays it)\n21 passed, 0 failed\n", "\(r.stdout)")
        r = try strata(["check", trace, "--references", refs, "--no-cache"], environment: cache)
        #expect(r.stdout == "21 passed, 0 failed\n", "\(r.stdout)")
        // Another comparison option is another key.
        r = try strata(["check", trace, "--references", refs, "--threshold", "0.2"], environment: cache)
        #expect(!r.stdout.contains("from cache"), "\(r.stdout)")
        // A reference changed: replayed, and it fails; a failure is not kept.
        var map = try referenceFrameMap(refs)
        map["frame-00000"] = map["frame-00020"]!
        try rewriteMap(refs, map)
        for _ in 0..<2 {
            r = try strata(["check", trace, "--references", refs], environment: cache)
            #expect(r.status == 1 && r.stdout.contains("frame-00000: FAIL: ") && !r.stdout.contains("from cache"), "\(r.stdout)")
        }
        #expect(try strata(["check", trace, "--references", refs, "--record"], environment: cache).status == 0)
        // The trace edited (one more still frame): replayed.
        try (try String(contentsOfFile: trace, encoding: .utf8) + "{\"t\": 1.05, \"kind\": \"down\", \"x\": 80, \"y\": 60}\n").write(toFile: trace, atomically: true, encoding: .utf8)
        r = try strata(["check", trace, "--references", refs], environment: cache)
        #expect(r.status == 1 && r.stdout.contains("frame-00021: FAIL: no reference"), "\(r.stdout)")
        // A cache folder that cannot be made (a file in its place) costs nothing but the cache.
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/blocked"))
        #expect(try strata(["check", trace, "--references", refs, "--record"]).status == 0)
        for _ in 0..<2 {
            r = try strata(["check", trace, "--references", refs], environment: ["STRATA_CACHE_DIR": dir + "/blocked/cache"])
            #expect(r.status == 0 && r.stdout == "22 passed, 0 failed\n" && r.stderr.isEmpty, "\(r.stdout)\(r.stderr)")
        }
    }
}

/// Writes `map` as the references' `frames`, keeping the rest of the manifest.
private func rewriteMap(_ refs: String, _ map: [String: String]) throws {
    let path = refs + "/strata-references.json"
    var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    manifest["frames"] = map
    try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: path))
}
