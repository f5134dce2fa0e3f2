import Foundation
import StrataTestSupport
import Testing
import StrataCompare
import StrataModel
import StrataRender
@testable import StrataTesting

/// An empty scratch directory of this test process.
func scratch(_ name: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-snap-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// A 40x20 card of `color` on white, 60x40 points.
func card(_ color: Color, cornerRadius: Double = 6) -> Layer {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 60, height: 40)
    root.backgroundColor = .white
    let card = Layer()
    card.frame = Rect(x: 10, y: 10, width: 40, height: 20)
    card.backgroundColor = color
    card.cornerRadius = cornerRadius
    root.addSublayer(card)
    return root
}

@Suite(.serialized, .tags(.gl)) struct SnapshotTests {
    @Test func aMissingReferenceIsRecordedAndFailsThenPasses() throws {
        let dir = try scratch("missing")
        withKnownIssue {
            assertSnapshot(of: card(.red), size: Size(width: 60, height: 40), named: "card", in: dir)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("card: no reference frame: recorded \(dir)/card.png") }
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/card.png"))
        // Now it is there, the same layer passes without an issue.
        assertSnapshot(of: card(.red), size: Size(width: 60, height: 40), named: "card", in: dir)
    }

    /// `mask:` is in view points: at scale 2 it covers twice the pixels.
    @Test func aMaskHidesTheChangedCard() throws {
        let dir = try scratch("mask")
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        try PNG.write(try renderer.render(layer: card(.red), pixelWidth: 120, pixelHeight: 80, scale: 2), to: dir + "/card.png")
        assertSnapshot(of: card(.blue), size: Size(width: 60, height: 40), scale: 2, named: "card", in: dir,
                       mask: [Rect(x: 8, y: 8, width: 44, height: 24)])
        withKnownIssue {
            assertSnapshot(of: card(.blue), size: Size(width: 60, height: 40), scale: 2, named: "card", in: dir,
                           mask: [Rect(x: 8, y: 8, width: 22, height: 24)])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("card does not match its reference") }
        }
    }

    @Test func aMismatchNamesTheFrameNumbersDiffAndReport() throws {
        let dir = try scratch("mismatch")
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        try PNG.write(try renderer.render(layer: card(.red), pixelWidth: 60, pixelHeight: 40, scale: 1), to: dir + "/card.png")
        withKnownIssue {
            assertSnapshot(of: card(.blue), size: Size(width: 60, height: 40), named: "card", in: dir)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("card does not match its reference") }
        }
        let checker = ReferenceChecker(directory: dir)
        try checker.check(try renderer.render(layer: card(.blue), pixelWidth: 60, pixelHeight: 40, scale: 1), named: "card")
        let message = failureMessages(CheckedFrames(checker), subject: "snapshot").joined()
        // The 40 x 20 card changed colour: 800 pixels less its anti-aliased corners.
        #expect(message.contains("card does not match its reference in \(dir)"), "\(message)")
        #expect(message.contains("pixels differ") && message.contains("max channel delta 255"), "\(message)")
        let diff = try #require(message.range(of: "diff: ").map { String(message[$0.upperBound...].prefix { $0 != ";" }) })
        let report = try #require(message.range(of: "report: ").map { String(message[$0.upperBound...]) })
        #expect(try PNG.read(path: diff).width == 60)
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains(">card</a>") && html.contains("data:image/png;base64,"))
    }

    @Test func checkerCountsDifferencesAndRecordMode() throws {
        let dir = try scratch("checker")
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        let red = try renderer.render(layer: card(.red), pixelWidth: 60, pixelHeight: 40, scale: 1)
        let green = try renderer.render(layer: card(.green), pixelWidth: 60, pixelHeight: 40, scale: 1)

        let strict = ReferenceChecker(directory: dir)
        try strict.check(red, named: "a")
        #expect(!strict.result.passed && strict.result.recorded.isEmpty && !FileManager.default.fileExists(atPath: dir + "/a.png"))
        #expect(strict.result.failures.first?.problem == "no reference frame \(dir)/a.png")

        let first = ReferenceChecker(directory: dir, mode: .missing)
        try first.check(red, named: "a")
        #expect(!first.result.passed && first.result.recorded == [dir + "/a.png"] && first.result.changed == 1)

        let second = ReferenceChecker(directory: dir)
        try second.check(red, named: "a")
        try second.check(green, named: "a")
        #expect(second.result.entries.map(\.passed) == [true, false])
        let failure = try #require(second.result.failures.first?.result)
        #expect(failure.diffPixels > 700 && failure.diffPixels <= 800)
        #expect(second.result.failures.first?.diffPNG != nil)

        let recorder = ReferenceChecker(directory: dir, mode: .all)
        try recorder.check(green, named: "a")
        try recorder.check(green, named: "b")
        #expect(recorder.result.passed && recorder.result.changed == 2)
        let again = ReferenceChecker(directory: dir, mode: .all)
        try again.check(green, named: "a")
        #expect(again.result.changed == 0 && again.result.recorded.isEmpty && again.result.unchanged == 1)
        #expect(again.result.updateSummary == "0 references updated, 1 unchanged, 0 added")

        // `changed` rewrites only the reference that fails, and leaves a passing one's
        // bytes and modification time alone.
        let attributes = { (name: String) in try FileManager.default.attributesOfItem(atPath: dir + "/" + name) }
        let before = try attributes("b.png")[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.01)
        let update = ReferenceChecker(directory: dir, mode: .changed)
        try update.check(red, named: "a")
        try update.check(green, named: "b")
        #expect(update.result.passed && update.result.changed == 1 && update.result.recorded == [dir + "/a.png"])
        #expect(update.result.updateSummary == "1 reference updated, 1 unchanged, 0 added")
        #expect(try attributes("b.png")[.modificationDate] as? Date == before)
        #expect(try PNG.read(path: dir + "/a.png").pixels == red.pixels)
    }

    @Test func recordModeComesFromTheEnvironment() throws {
        #expect(try RecordMode.fromEnvironment([:], default: .missing) == .missing)
        #expect(try RecordMode.fromEnvironment(["STRATA_RECORD": "1"], default: .none) == .all)
        for mode in RecordMode.allCases {
            #expect(try RecordMode.fromEnvironment(["STRATA_RECORD": mode.rawValue], default: .all) == mode)
        }
        #expect(throws: Diagnostic.self) { try RecordMode.fromEnvironment(["STRATA_RECORD": "yes"], default: .none) }
    }

    @Test func reportIsSelfContained() throws {
        let png = try PNG.encode(Image(width: 2, height: 2, fill: .red))
        let failing = FrameComparison(width: 2, height: 2, actualWidth: 2, actualHeight: 2, diffPixels: 1, aaPixels: 0,
                                      maxChannelDelta: 200, psnr: 12.5, passed: false,
                                      firstDifferences: [PixelCoordinate(x: 1, y: 0)])
        let passing = FrameComparison(width: 2, height: 2, actualWidth: 2, actualHeight: 2, diffPixels: 0, aaPixels: 0,
                                      maxChannelDelta: 0, psnr: .infinity, passed: true, firstDifferences: [])
        let html = HTMLReport.render(title: "t <1>", entries: [
            ReportEntry(name: "frame-00000", result: passing),
            ReportEntry(name: "frame-00001", result: failing, expectedPNG: png, actualPNG: png, diffPNG: png),
        ])
        #expect(html.contains("1 passed, 1 failed"))
        #expect(html.contains("<title>t &lt;1&gt;</title>"))
        #expect(html.contains("id=\"f-frame-00001\"") && !html.contains("id=\"f-frame-00000\""))
        #expect(html.contains("type=\"range\""))
        #expect(html.contains("(1, 0)") && html.contains("12.50 dB"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src=\"/"))
    }
}
