import Foundation
import Testing
@testable import StrataCompare
import StrataImage
import StrataModel

/// Each file StrataCompare writes through `JSONWriter` has the bytes Foundation's
/// `JSONEncoder` wrote with the options the file was written with before (kept here, in
/// the test only, as the yardstick), for values with awkward numbers, strings and keys:
/// references' manifests, layer trees, tracks, results and the report's inspector data.
@Suite struct WrittenJSONFilesTests {
    static let doubles: [Double] = [0.1, 1.0 / 3, 1e-7, 1e21, -0.0, 0, 9007199254740994, 1e16, 123456789012345680, 187.5, -2.5, 1.0 / 60]
    static let awkward = #"a/b "quoted" \ back, "# + "tab\tnew\n\u{1}é😀</script>"
    static let sha = String(repeating: "0123456789abcdef", count: 4)

    func foundation<T: Encodable>(_ value: T, _ options: JSONEncoder.OutputFormatting) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = options
        return [UInt8](try encoder.encode(value))
    }

    func temporary(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-written-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func read(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    func expectSame(_ ours: [UInt8], _ theirs: [UInt8], _ what: String) {
        #expect(ours == theirs, "\(what):\n\(String(decoding: ours, as: UTF8.self))\nvs\n\(String(decoding: theirs, as: UTF8.self))")
    }

    static var manifest: ReferenceManifest {
        var m = ReferenceManifest(strata: "0.3/dev \"x\"", backend: "egl (surfaceless)", renderer: awkward,
                                  glVersion: "4.5 (Core Profile) Mesa 22.3.6", mesa: nil,
                                  fonts: [.init(file: "Inter/Regular.otf", sha256: sha), .init(file: "é.ttc", sha256: sha)])
        m.masks = [MaskRegion(x: 0, y: 1, width: 2, height: 3)]
        m.frames = Dictionary(uniqueKeysWithValues: ["frame-10", "frame-9", "frame-00001", "Frame-1", "_z", "é"].map { ($0, sha) })
        return m
    }

    static var tree: LayerTreeSnapshot {
        let leaf = LayerTreeSnapshot(id: "root.sublayers[0]", className: "CAShapeLayer",
                                     properties: ["path": .text(awkward), "lineDashPattern": .numbers(doubles),
                                                  "strokeEnd": .number(1.0 / 3), "hidden": .flag(true), "texts": .texts(["/", "</"])],
                                     sublayers: [])
        return LayerTreeSnapshot(id: "root", className: "CALayer",
                                 properties: ["opacity": .number(-0.0), "position": .numbers([1e21, 1e-7]), "Zed": .number(9007199254740994)],
                                 sublayers: [leaf, LayerTreeSnapshot(id: "empty", className: "CALayer", properties: [:], sublayers: [])])
    }

    @Test func aManifestHasTheBytesJSONEncoderWrote() throws {
        let dir = try temporary("manifest")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for manifest in [Self.manifest, ReferenceManifest(strata: "1", backend: "", renderer: "", glVersion: "", mesa: "", fonts: [])] {
            try manifest.write(directory: dir)
            let theirs = try foundation(manifest, [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) + [0x0A]
            expectSame(try read(dir + "/" + ReferenceManifest.fileName), theirs, "manifest")
        }
    }

    @Test func tracksHaveTheBytesJSONEncoderWrote() throws {
        let dir = try temporary("tracks"), elsewhere = try temporary("tracks-references")
        defer { try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: elsewhere) }
        let tracks = MotionTracks(fps: 59.94, tolerance: 0.1, tracks: ["knob.position.x": Self.doubles, "a/b\"c": [], "é": [1e-7]])
        try tracks.write(into: dir, references: elsewhere)
        let theirs = try foundation(tracks, [.sortedKeys, .withoutEscapingSlashes]) + [0x0A]
        expectSame(try read(dir + "/" + MotionTracks.fileName), theirs, "tracks")
    }

    /// `layers.json` as `ReferenceTrees.bytes` wrote it with `JSONEncoder`: a header line,
    /// then per frame its name and its tree or changes, keys sorted, slashes plain.
    @Test func layerTreesHaveTheBytesJSONEncoderWrote() throws {
        var changed = Self.tree
        changed.sublayers[0].properties["strokeEnd"] = .number(0.1)
        changed.properties["opacity"] = nil
        let frames = [ReferenceTrees.Frame(name: "frame-00000", delta: .tree(Self.tree)),
                      ReferenceTrees.Frame(name: Self.awkward, delta: LayerTreeDelta.delta(from: Self.tree, to: changed)),
                      ReferenceTrees.Frame(name: "same", delta: .changes([]))]
        for scale in [1.0, 2, 1.5] {
            var text = "{\"strataLayers\": \(ReferenceTrees.version), \"scale\": \(SnapshotValue.format(scale)), \"frames\": [\n"
            text += try frames.map { f in
                let options: JSONEncoder.OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                return "{\"frame\":" + String(decoding: try foundation([f.name], options), as: UTF8.self).dropFirst().dropLast() + ","
                    + String(decoding: try foundation(f.delta, options), as: UTF8.self).dropFirst()
            }.joined(separator: ",\n")
            expectSame(try ReferenceTrees.bytes(scale: scale, frames: frames), Array((text + "\n]}\n").utf8), "layers \(scale)")
        }
    }

    static var checks: [TraceCheck] {
        var failing = ReportEntry(name: "frame-00003", result: FrameComparison(
            width: 480, height: 320, actualWidth: 480, actualHeight: 321, diffPixels: 7, aaPixels: 2, maxChannelDelta: 255,
            psnr: 1.0 / 3 + 40, passed: false, firstDifferences: [PixelCoordinate(x: 0, y: 319)], maskedPixels: 5))
        failing.explanation = awkward
        failing.artifacts = ArtifactPaths(expected: "/tmp/a b/expected.png", actual: nil, diff: "d/diff.png")
        failing.inspection = FrameInspection(layers: [
            .init(depth: 0, id: "root", className: "CALayer", rect: [0, 0.1, 1e21, -0.0], properties: [["opacity", "0.5"]],
                  changes: [["position", "1 2", awkward]], underDifferences: true, recordedRect: [1e-7, 2, 3, 4]),
            .init(depth: 1, id: "</script>", className: "CATextLayer", rect: nil, properties: [], changes: [], underDifferences: false),
        ])
        var identical = ReportEntry(name: "frame-00004", result: FrameComparison(
            width: 1, height: 1, actualWidth: 1, actualHeight: 1, diffPixels: 0, aaPixels: 0, maxChannelDelta: 0,
            psnr: .infinity, passed: true, firstDifferences: []))
        identical.recorded = true
        var missing = ReportEntry(name: "frame-00005", result: nil, problem: "no reference at refs/frame-00005.png")
        missing.missing = "expected"
        var check = TraceCheck(name: "Traces/carousel-drag", frameCount: 6, entries: [failing, identical, missing])
        check.warnings = ["Mesa 22.3.6 here, 23.1.0 in the references", awkward]
        check.comparison = "perceptual (threshold 0.1)"
        check.drawnBy = manifest
        check.fps = 59.94
        check.tracks = [TrackComparison(key: "knob.position.x", unit: " pt", fps: 60, reference: doubles, actual: [], tolerance: 0.5)]
        check.added = 1; check.updated = 2; check.unchanged = 3
        return [check, TraceCheck(name: "empty", frameCount: 0, entries: [])]
    }

    /// Results as written, read by Foundation into the file's own type and written again by
    /// `JSONEncoder` with the options results had (sorted, indented, slashes escaped).
    @Test func resultsHaveTheBytesJSONEncoderWrote() throws {
        let dir = try temporary("results")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (arguments, shard) in [(["Traces/", "--jobs", "2"], CheckResultsFile.ShardRecord(index: 1, count: 3)), (nil, nil)] {
            try CheckResultsFile.write(Self.checks, arguments: arguments, to: dir, shard: shard)
            let ours = try read(dir + "/" + CheckResultsFile.fileName)
            let file = try JSONDecoder().decode(CheckResultsFile.File.self, from: Data(ours))
            expectSame(ours, try foundation(file, [.sortedKeys, .prettyPrinted]) + [0x0A], "results")
            #expect(String(decoding: ours, as: UTF8.self).contains(#""Traces\/carousel-drag""#))
        }
    }

    /// The report's inspector data: each frame's inspection as `JSONEncoder` wrote it with
    /// sorted keys (slashes escaped), `<` escaped for a script element.
    @Test func inspectorDataHasTheBytesJSONEncoderWrote() throws {
        let entries = Self.checks[0].entries
        let html = HTMLReport.inspector(entries)
        let inspection = try #require(entries[0].inspection)
        let theirs = String(decoding: try foundation(inspection, [.sortedKeys]), as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
        #expect(html.contains("\"i\":" + theirs + "}"), "\(html)")
    }
}
