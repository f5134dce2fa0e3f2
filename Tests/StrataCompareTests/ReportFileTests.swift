import Foundation
import Testing
import StrataCompare
import StrataImage
import StrataModel

@Suite struct ReportFileTests {
    static func failing(_ name: String, _ png: [UInt8]) -> ReportEntry {
        let r = FrameComparison(width: 8, height: 8, actualWidth: 8, actualHeight: 8, diffPixels: 3, aaPixels: 0,
                                maxChannelDelta: 9, psnr: 30, passed: false, firstDifferences: [])
        return ReportEntry(name: name, result: r, expectedPNG: png, actualPNG: png, diffPNG: png)
    }

    /// Past the inline budget images go to report-files/; past the frame cap the rest are listed.
    @Test func bigRunsWriteFilesBesideTheReportAndListTheRest() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-report-files-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let png = try PNG.encode(Image(width: 8, height: 8, fill: .red))
        var passing = ReportEntry(name: "frame-00000", result: nil)
        passing.recorded = true
        let trace = TraceCheck(name: "t", frameCount: 4, entries: [passing]
                               + (1...3).map { Self.failing(String(format: "frame-%05d", $0), png) })
        try HTMLReport.write(title: "r", traces: [trace], to: dir + "/r.html",
                             limits: HTMLReport.Limits(inlineBytes: png.count * 2, fullFrames: 2))
        let html = try String(contentsOfFile: dir + "/r.html", encoding: .utf8)
        // The flip-book comes first: frame 1's expected and actual fit inline, then the
        // budget is spent and every other image is a file, the full sections' too.
        #expect(html.components(separatedBy: "data:image/png;base64,").count - 1 == 2)
        #expect(html.contains("\"d\":\"report-files/t/frame-00001-diff.png\"") && html.contains("src=\"report-files/t/frame-00001-expected.png\""))
        #expect(html.contains("src=\"report-files/t/frame-00001-diff.png\"") && html.contains("src=\"report-files/t/frame-00002-expected.png\""))
        #expect(try PNG.read(path: dir + "/report-files/t/frame-00002-actual.png").width == 8)
        #expect(html.contains("id=\"f-t--frame-00002\"") && html.contains("<h3 id=\"f-t--frame-00002\""))
        #expect(!html.contains("<h3 id=\"f-t--frame-00003\"") && html.contains("1 more failing frame (only the first 2"))
        // Frame 3 has no full section but is in the flip-book.
        #expect(FileManager.default.fileExists(atPath: dir + "/report-files/t/frame-00003-actual.png"))
        #expect(html.contains("\"n\":\"frame-00003\""))
        // The same results give the same bytes.
        try HTMLReport.write(title: "r", traces: [trace], to: dir + "/again.html",
                             limits: HTMLReport.Limits(inlineBytes: png.count * 2, fullFrames: 2))
        #expect(try String(contentsOfFile: dir + "/again.html", encoding: .utf8) == html)
    }

    @Test func junitEscapesAndCounts() {
        var entry = Self.failing("frame-<1>", [])
        entry.expectedPNG = nil
        entry.artifacts = ArtifactPaths(expected: nil, actual: "a&b/x.png", diff: "a&b/d.png")
        let xml = JUnitReport.render([TraceCheck(name: "t\"q", frameCount: 2, entries: [ReportEntry(name: "ok", result: nil, problem: nil), entry])])
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"strata check\" tests=\"2\" failures=\"2\" errors=\"0\">"))
        #expect(xml.contains("<testsuite name=\"t&quot;q\" tests=\"2\" failures=\"2\""))
        #expect(xml.contains("name=\"frame-&lt;1&gt;\"") && xml.contains("; diff: a&amp;b/d.png\" type=\"mismatch\""))
    }

    @Test func relativePaths() {
        #expect(ArtifactLayout.relativePath("/a/b/c.png", from: "/a") == "b/c.png")
        #expect(ArtifactLayout.relativePath("/a/x/c.png", from: "/a/b") == "../x/c.png")
        #expect(ArtifactLayout.relativePath("/a/b/c.png", from: "/a/b/") == "c.png")
    }

    /// Issue 28 §7: names that differ only in punctuation (or split differently between
    /// trace and frame) get ids of their own; plain names keep their readable ids.
    @Test(arguments: [
        (["a.b", "a,b", "a-b", "a b", "a_2Eb", "a/b"], "one trace, frames differing in punctuation"),
        (["x-", "-x", "x--y", "x---y"], "dashes at the ends and in runs"),
    ] as [([String], String)])
    func anchorsAreUniquePerName(_ names: [String], _ what: String) throws {
        let png = try PNG.encode(Image(width: 8, height: 8, fill: .white))
        let html = HTMLReport.render(title: "t", entries: names.map { ReportFileTests.failing($0, png) })
        let ids = html.components(separatedBy: "<h3 id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(ids.count == names.count && Set(ids).count == names.count, "\(what): \(ids)")
        #expect(!names.contains("a-b") || ids.contains("f-a-b"), "a plain name keeps its readable id")
    }

    @Test func traceAndFrameSplitOneWay() throws {
        let png = try PNG.encode(Image(width: 8, height: 8, fill: .white))
        var a = TraceCheck(name: "a-", frameCount: 1, entries: [ReportFileTests.failing("b", png)])
        var b = TraceCheck(name: "a", frameCount: 1, entries: [ReportFileTests.failing("-b", png)])
        a.warnings = []; b.warnings = []
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-anchors-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try HTMLReport.write(title: "t", traces: [a, b], to: dir + "/r.html")
        let html = try String(contentsOfFile: dir + "/r.html", encoding: .utf8)
        let ids = html.components(separatedBy: "<h3 id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids.count == 2 && Set(ids).count == 2, "\(ids)")
        #expect(ids == ["f-a--_2Db", "f-a_2D--b"] || ids == ["f-a_2D--b", "f-a--_2Db"], "\(ids)")
    }
}
