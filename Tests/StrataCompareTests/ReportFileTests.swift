import Foundation
import Testing
@testable import StrataCompare
import StrataImage
import StrataModel

@Suite struct ReportFileTests {
    static func failing(_ name: String, _ png: [UInt8], pixels: Int = 3) -> ReportEntry {
        let r = FrameComparison(width: 8, height: 8, actualWidth: 8, actualHeight: 8, diffPixels: pixels, aaPixels: 0,
                                maxChannelDelta: 9, psnr: 30, passed: false, firstDifferences: [])
        return ReportEntry(name: name, result: r, expectedPNG: png, actualPNG: png, diffPNG: png)
    }

    /// Past the inline budget every image of a report goes to its own NAME-files/ (none
    /// inlined), each written once though shown twice; two reports in one folder share no
    /// file; past the frame cap the rest are rows of the groups table.
    @Test func bigRunsWriteAllImagesIntoTheReportsOwnFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-report-files-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let png = try PNG.encode(Image(width: 8, height: 8, fill: .red))
        var passing = ReportEntry(name: "frame-00000", result: nil)
        passing.recorded = true
        let trace = TraceCheck(name: "t", frameCount: 4, entries: [passing]
                               + (1...3).map { Self.failing(String(format: "frame-%05d", $0), png, pixels: $0) })
        // 9 images in the flip-book and 6 in the two full sections: 15 uses, more than 2 fit.
        try HTMLReport.write(title: "r", traces: [trace], to: dir + "/r.html",
                             limits: HTMLReport.Limits(inlineBytes: png.count * 2, fullFrames: 2))
        let html = try String(contentsOfFile: dir + "/r.html", encoding: .utf8)
        #expect(!html.contains("data:image/png;base64,"), "all or nothing: no image inlined once some are files")
        #expect(html.contains("\"d\":\"r-files/t/frame-00001-diff.png\"") && html.contains("src=\"r-files/t/frame-00001-expected.png\""))
        #expect(html.contains("src=\"r-files/t/frame-00002-expected.png\""))
        #expect(try PNG.read(path: dir + "/r-files/t/frame-00002-actual.png").width == 8)
        #expect(html.contains("<h3 id=\"f-t--frame-00002\""))
        #expect(!html.contains("<h3 id=\"f-t--frame-00003\"") && html.contains("<tr id=\"f-t--frame-00003\">"))
        #expect(html.contains("Only the first 2 groups of the report are shown in full"))
        // Frame 3 has no full section but is in the flip-book.
        #expect(FileManager.default.fileExists(atPath: dir + "/r-files/t/frame-00003-actual.png"))
        #expect(html.contains("\"n\":\"frame-00003\""))
        #expect(!FileManager.default.fileExists(atPath: dir + "/report-files"))
        // The same results give the same bytes.
        try HTMLReport.write(title: "r", traces: [trace], to: dir + "/again.html",
                             limits: HTMLReport.Limits(inlineBytes: png.count * 2, fullFrames: 2))
        #expect(try String(contentsOfFile: dir + "/again.html", encoding: .utf8)
                    == html.replacingOccurrences(of: "r-files/", with: "again-files/"))
        // A second report in the folder writes its own files: r's are not touched.
        let other = TraceCheck(name: "t", frameCount: 1, entries: [Self.failing("frame-00001", try PNG.encode(Image(width: 8, height: 8, fill: .blue)), pixels: 1)])
        try HTMLReport.write(title: "s", traces: [other], to: dir + "/s.html", limits: HTMLReport.Limits(inlineBytes: 10))
        #expect(try PNG.read(path: dir + "/r-files/t/frame-00001-actual.png").pixel(x: 0, y: 0).r == 255)
        #expect(try PNG.read(path: dir + "/s-files/t/frame-00001-actual.png").pixel(x: 0, y: 0).b == 255)
        // Within the budget, every image is inline and no folder is made.
        try HTMLReport.write(title: "i", traces: [trace], to: dir + "/i.html")
        let inline = try String(contentsOfFile: dir + "/i.html", encoding: .utf8)
        #expect(inline.components(separatedBy: "data:image/png;base64,").count - 1 == 24, "9 in the flip-book, 5 in each of 3 full sections (the wipe's two)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/i-files"))
    }

    /// Consecutive failures with the same numbers are one row; a passing frame or other
    /// numbers start a new group.
    @Test func identicalFailuresAreGrouped() {
        let png: [UInt8] = []
        let same = (0..<4).map { Self.failing(String(format: "frame-%05d", $0), png, pixels: 7) }
        let ok = ReportEntry(name: "frame-00004", result: FrameComparison(width: 8, height: 8, actualWidth: 8, actualHeight: 8, diffPixels: 0, aaPixels: 0,
                                                                       maxChannelDelta: 0, psnr: .infinity, passed: true, firstDifferences: []))
        let entries = same + [ok, Self.failing("frame-00005", png, pixels: 7), Self.failing("frame-00006", png, pixels: 8)]
        let groups = FailureGroup.groups(entries)
        #expect(groups.map { "\($0.first.name)-\($0.last.name)" } == ["frame-00000-frame-00003", "frame-00005-frame-00005", "frame-00006-frame-00006"])
        let html = HTMLReport.render(title: "g", entries: entries)
        #expect(html.contains("frame-00000 &ndash; frame-00003</a></td><td>4</td><td>the same numbers: 7 pixels differ"))
        #expect(html.contains("<h3 id=\"f-frame-00000\">frame-00000 (and 3 more frames to frame-00003, the same numbers)</h3>"))
        // The filmstrip: a failing run of 4, a passing frame, a failing run of 2; no chips.
        #expect(html.contains("<span class=\"fail\" style=\"flex: 4\" title=\"frame-00000 – frame-00003: 4 failed\" data-from=\"0\" data-to=\"3\"></span><span class=\"pass\" style=\"flex: 1\""))
        #expect(!html.contains("class=\"cell"))
    }

    /// The run section holds the date (SOURCE_DATE_EPOCH when set), command and accept
    /// command; the meta list what drew the frames, from the traces.
    @Test func theRunAndWhatDrewTheFrames() {
        #expect(ReportRun.date(environment: ["SOURCE_DATE_EPOCH": "1764780000"]) == "2025-12-03T16:40:00Z")
        #expect(ReportRun.shellLine(["strata", "check", "a b", "it's"]) == "strata check 'a b' 'it'\\''s'")
        var t = TraceCheck(name: "t", frameCount: 1, entries: [Self.failing("frame-00000", [], pixels: 1)])
        t.drawnBy = ReferenceManifest(strata: "0.2", backend: "egl", renderer: "llvmpipe", glVersion: "4.5 Mesa 22.3.6", mesa: "22.3.6", fonts: [])
        t.comparison = "exactly"
        var sink = ImageSink.inline
        let html = HTMLReport.html(title: "t", traces: [t], run: ReportRun(date: "D", command: "strata check t.trace", accept: "strata check t.trace --update changed"),
                                   limits: .init(), sink: &sink, linksFrom: nil)
        #expect(html.contains("<dl class=\"meta\"><dt>Strata</dt><dd>0.2</dd><dt>renderer</dt><dd>llvmpipe, through egl</dd><dt>Mesa</dt><dd>22.3.6</dd><dt>compared</dt><dd>exactly</dd></dl>"))
        #expect(html.contains("<dl class=\"meta\" id=\"run\"><dt>date</dt><dd>D</dd><dt>command</dt><dd><code>strata check t.trace</code></dd><dt>to accept</dt><dd><code class=\"accept\">strata check t.trace --update changed</code></dd></dl>"))
    }

    @Test func junitEscapesAndCounts() {
        var entry = Self.failing("frame-<1>", [])
        entry.expectedPNG = nil
        entry.artifacts = ArtifactPaths(expected: nil, actual: "a&b/x.png", diff: "a&b/d.png")
        let xml = JUnitReport.render([TraceCheck(name: "t\"q", frameCount: 2, entries: [ReportEntry(name: "ok", result: nil, problem: nil), entry])])
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"strata check\" tests=\"2\" failures=\"2\" errors=\"0\" time=\"0.000\">"))
        #expect(xml.contains("<testsuite name=\"t&quot;q\" tests=\"2\" failures=\"2\""))
        // time is the replayed duration: 0 without an fps; 1/fps a frame with one.
        #expect(xml.contains("name=\"frame-&lt;1&gt;\" time=\"0.000\""))
        var timed = TraceCheck(name: "t", frameCount: 3, entries: (0..<3).map { ReportEntry(name: "f\($0)", result: nil, problem: nil) })
        timed.fps = 60
        let timedXML = JUnitReport.render([timed])
        #expect(timedXML.contains("failures=\"3\" errors=\"0\" time=\"0.050\">") && timedXML.contains("name=\"f2\" time=\"0.017\""))
        #expect(xml.contains("name=\"frame-&lt;1&gt;\"") && xml.contains("; diff: a&amp;b/d.png\" type=\"mismatch\""))
    }

    @Test func relativePaths() {
        #expect(ArtifactLayout.relativePath("/a/b/c.png", from: "/a") == "b/c.png")
        #expect(ArtifactLayout.relativePath("/a/x/c.png", from: "/a/b") == "../x/c.png")
        #expect(ArtifactLayout.relativePath("/a/b/c.png", from: "/a/b/") == "c.png")
    }
}
