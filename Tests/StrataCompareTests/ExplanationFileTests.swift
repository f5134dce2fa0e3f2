import Foundation
import Testing
@testable import StrataCompare
import StrataImage
import StrataModel

/// Issue 27's files and numbers without GL: where frames differ by tile, the tracks'
/// comparison and its words, and the layer-tree file read back.
struct ExplanationFileTests {
    private func image(_ width: Int, _ height: Int, dot: (Int, Int)? = nil) -> Image {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        if let (x, y) = dot { pixels[(y * width + x) * 4] = 0 }
        return Image(width: width, height: height, pixels: pixels)
    }

    @Test func differingTilesAreFoundAndMasksLeftOut() {
        let map = DifferenceMap(expected: image(40, 30), actual: image(40, 30, dot: (17, 9)))
        #expect(!map.isEmpty)
        #expect(map.intersects(Rect(x: 16, y: 8, width: 1, height: 1)) && map.intersects(Rect(x: 10, y: 0, width: 8, height: 30)))
        #expect(!map.intersects(Rect(x: 0, y: 0, width: 15, height: 30)) && !map.intersects(Rect(x: 0, y: 17, width: 40, height: 13)))
        #expect(!map.intersects(Rect(x: 50, y: 0, width: 10, height: 10)), "off the frame")
        #expect(map.intersects(nil), "a layer at infinity may be anywhere")
        #expect(DifferenceMap(expected: image(40, 30), actual: image(40, 30, dot: (17, 9)), masks: [MaskRegion(x: 16, y: 8, width: 4, height: 4)]).isEmpty)
    }

    @Test func tracksSayWhenTheySettleAndWhereTheyPart() {
        let reference = [0.0, 10, 20, 30, 40, 50, 50, 50]
        let late = [0.0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50]
        let t = TrackComparison(key: "knob.position.x", unit: " pt", fps: 10, reference: reference, actual: late, tolerance: 0.5)
        #expect(!t.passed && t.largestGap.gap == 25 && t.largestGap.frame == 5)
        #expect(t.message == "knob.position.x settles at 1.00 s, reference 0.50 s; largest gap 25 pt at 0.50 s (tolerance 0.5 pt)")
        let near = TrackComparison(key: "badge.opacity", unit: "", fps: 10, reference: [1, 0.5, 0], actual: [1, 0.4, 0], tolerance: 0.05)
        #expect(near.message == "badge.opacity: largest gap 0.1 at 0.10 s (tolerance 0.05)")
        #expect(TrackComparison(key: "k", unit: "", fps: 10, reference: [1, 2], actual: [1, 2.4], tolerance: 0.5).passed)
        #expect(!TrackComparison(key: "k", unit: "", fps: 10, reference: [], actual: [1], tolerance: 0.5).passed, "nothing recorded")
    }

    @Test func treesReadBackAndStayStrataFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-trees-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let layer = Layer()
        layer.name = "card"
        let first = LayerTreeSnapshot(layer)
        layer.opacity = 0.5
        let frames = [ReferenceTrees.Frame(name: "frame-00000", delta: .tree(first)),
                      ReferenceTrees.Frame(name: "frame-00001", delta: LayerTreeDelta.delta(from: first, to: LayerTreeSnapshot(layer)))]
        let bytes = try ReferenceTrees.bytes(scale: 2, frames: frames)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {"strataLayers": 1, "scale": 2, "frames": [
            {"frame":"frame-00000","tree":{"class":"CALayer","id":"card","properties":{},"sublayers":[]}},
            {"frame":"frame-00001","changes":[{"layer":0,"set":{"opacity":0.5}}]}
            ]}

            """)
        try AtomicFile.write(bytes, to: dir + "/layers.json")
        let read = try #require(try ReferenceTrees.read(dir + "/layers.json"))
        #expect(read.scale == 2 && read.frames == frames)
        let trees = RecordedTrees(scale: 2, frames: read.frames)
        #expect(trees.tree(named: "frame-00001")?.properties["opacity"] == .number(0.5))
        #expect(trees.tree(named: "frame-00000") == first, "read again from the start")
        #expect(trees.tree(named: "frame-00009") == nil)
        try "{}".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        #expect(throws: RenderError.self) { try ReferenceTrees.read(dir + "/bad.json") }
        #expect(try ReferenceTrees.read(dir + "/none.json") == nil)
        // The names an update may stage, commit and remove.
        #expect(ReferenceRecording.isOurs("layers.json") && ReferenceRecording.isOurs("tracks.json") && !ReferenceRecording.isOurs("notes.json"))
    }
}

/// The report's hooks for issue 27: the inspector inside the flip-book (its data safe inside
/// a script element), the explanation in the frame's section, the charts under the flip-book.
struct ReportInspectorTests {
    @Test func theInspectorAndChartsAreInTheReport() throws {
        let png = try PNG.encode(Image(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16)))
        var entry = ReportEntry(name: "frame-00001", result: nil, problem: "differs", expectedPNG: png, actualPNG: png, diffPNG: png)
        entry.explanation = "card (CALayer) position.x 60 -> 55"
        entry.inspection = FrameInspection(layers: [
            .init(depth: 0, id: "root", className: "CALayer", rect: [0, 0, 2, 2], properties: [], changes: [], underDifferences: true),
            .init(depth: 1, id: "</script><b>card", className: "CALayer", rect: [0, 0, 1, 1], properties: [["position", "55 40"]],
                  changes: [["position.x", "60", "55"]], underDifferences: true)])
        var trace = TraceCheck(name: "card", frameCount: 2, entries: [ReportEntry(name: "frame-00000", result: nil), entry])
        trace.tracks = [TrackComparison(key: "card.position.x", unit: " pt", fps: 10, reference: [50, 60], actual: [50, 55], tolerance: 0.5)]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-inspector-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try HTMLReport.write(title: "t", traces: [trace], to: dir + "/r.html")
        let html = try String(contentsOfFile: dir + "/r.html", encoding: .utf8)
        #expect(html.components(separatedBy: "<div class=\"inspector\">").count == 2)
        #expect(!html.contains("</script><b>card") && html.contains("\\u003c\\/script>\\u003cb>card"), "the data cannot close its script element")
        #expect(html.contains("<p class=\"explanation\">card (CALayer) position.x 60 -&gt; 55</p>"))
        #expect(html.contains("<figcaption>card.position.x: largest gap 5 pt at 0.10 s (tolerance 0.5 pt)</figcaption>"))
        #expect(html.components(separatedBy: "MutationObserver").count == 2, "the inspector's script once")
        // A report with neither has none of it.
        try HTMLReport.write(title: "t", traces: [TraceCheck(name: "x", frameCount: 1, entries: [ReportEntry(name: "frame-00000", result: nil, problem: "p", actualPNG: png)])], to: dir + "/plain.html")
        #expect(!(try String(contentsOfFile: dir + "/plain.html", encoding: .utf8)).contains("inspector"))
    }
}
