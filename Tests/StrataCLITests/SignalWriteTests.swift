import Foundation
import Testing
import StrataTestSupport

/// A failing check of `frames` frames of 320x240: its results, report and JUnit file take
/// about a second to write in a debug build, long enough to be signalled in the middle.
func failingCheck(_ dir: String) throws -> String {
    func trace(_ name: String, angle: Int) throws -> String {
        var lines = [#"{"trace": 1, "scene": "carousel", "width": 320, "height": 240, "scale": 1, "fps": 30, "options": {"angle": \#(angle)}}"#,
                     #"{"t": 0, "kind": "down", "x": 40, "y": 60}"#]
        for i in 1..<40 { lines.append(#"{"t": \#(Double(i) * 0.05), "kind": "move", "x": \#(40 + (i % 12) * 5), "y": 60}"#) }
        lines.append(#"{"t": 2, "kind": "up", "x": 100, "y": 60}"#)
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/\(name).trace", atomically: true, encoding: .utf8)
        return dir + "/\(name).trace"
    }
    let other = try trace("other", angle: 30)
    let r = try strata(["check", other, "--references", dir + "/refs", "--record"])
    #expect(r.status == 0, "\(r.stderr)")
    return try trace("drag", angle: 0)
}

/// Every path below `dir` whose name is a temporary or a staging folder of strata.
func leftovers(_ dir: String) -> [String] {
    var found: [String] = []
    let e = FileManager.default.enumerator(atPath: dir)
    while let name = e?.nextObject() as? String {
        if (name as NSString).lastPathComponent.contains(".tmp-") { found.append(name) }
    }
    return found
}

/// A signal to send once a file of the run's outputs appears (`ready`, relative to the
/// test's folder), and the status strata must end with.
struct SignalCase: Sendable, CustomStringConvertible {
    let name: String
    let ready: String
    let signals: [Int32]
    let status: Int32
    var description: String { name }
}

private let signalCases: [SignalCase] = [
    SignalCase(name: "SIGINT as the results folder is made", ready: "r", signals: [SIGINT], status: 130),
    SignalCase(name: "SIGTERM once results.json is written", ready: "r/results.json", signals: [SIGTERM], status: 143),
    SignalCase(name: "SIGINT then SIGTERM while writing", ready: "r", signals: [SIGINT, SIGTERM], status: 130),
]

/// Issue 28 §6: the writes after the frame loop (results, report, JUnit) are whole
/// whatever signal comes, strata says what it wrote, and what SIGKILL leaves is removed by
/// the next run.
@Suite(.serialized, .tags(.gl)) struct SignalWriteTests {
    @Test(arguments: signalCases) func aSignalWhileWritingLeavesEveryFileWhole(_ c: SignalCase) throws {
        let dir = try temporaryDirectory("signal-write")
        let trace = try failingCheck(dir)
        try FileManager.default.createDirectory(atPath: dir + "/rep", withIntermediateDirectories: true)
        let r = try strata(["check", trace, "--references", dir + "/refs", "--results-dir", dir + "/r",
                         "--report", dir + "/rep/report.html", "--junit", dir + "/j.xml"],
                        sending: c.signals, when: { FileManager.default.fileExists(atPath: dir + "/" + c.ready) }, poll: 2_000)
        #expect(r.status == c.status, "\(r.stderr)")
        #expect(r.stderr.contains("strata: signal received: finishing the files being written, so none is left partial\n"), "\(r.stderr)")
        let signal = c.status == 130 ? "SIGINT" : "SIGTERM"
        #expect(r.stderr.hasSuffix("strata: interrupted by \(signal): every frame was checked; written whole: the results \(dir)/r/, the report \(dir)/rep/report.html, the JUnit file \(dir)/j.xml\n"), "\(r.stderr)")
        #expect(r.stdout.contains("0 passed, 61 failed\n"), "\(r.stdout)")
        #expect(leftovers(dir).isEmpty, "\(leftovers(dir))")
        // Whole: the report ends, and the results merge into the very JUnit file the check wrote.
        let report = try String(contentsOfFile: dir + "/rep/report.html", encoding: .utf8)
        #expect(report.hasSuffix("</html>\n"))
        let merged = try strata(["merge-reports", dir + "/r", "--junit", dir + "/m.xml"])
        #expect(merged.status == 1, "\(merged.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/m.xml") == FileManager.default.contents(atPath: dir + "/j.xml"))
    }

    /// SIGKILL while the results' images are written: the earlier results stay whole, and
    /// the next run removes the staging folder the killed one left.
    @Test func aKilledResultsWriteLeavesTheOldResultsAndIsCleanedUp() throws {
        let dir = try temporaryDirectory("signal-kill-results")
        let trace = try failingCheck(dir)
        let args = ["check", trace, "--references", dir + "/refs", "--results-dir", dir + "/r"]
        #expect(try strata(args).status == 1)
        let before = try #require(FileManager.default.contents(atPath: dir + "/r/results.json"))
        try storeFramesAsFiles(dir + "/refs")
        try FileManager.default.removeItem(atPath: dir + "/refs/frame-00003.png")
        let killed = try strata(args, sending: [SIGKILL], when: { leftovers(dir + "/r").contains { $0.hasPrefix(".images.tmp-") } }, poll: 2_000)
        #expect(killed.status == SIGKILL)
        #expect(leftovers(dir + "/r").contains { $0.hasPrefix(".images.tmp-") }, "the kill left its staging folder")
        #expect(FileManager.default.contents(atPath: dir + "/r/results.json") == before)
        #expect(try strata(["merge-reports", dir + "/r", "--junit", dir + "/m.xml"]).status == 1, "the old results still merge")
        let again = try strata(args)
        #expect(again.status == 1, "\(again.stderr)")
        #expect(leftovers(dir).isEmpty, "\(leftovers(dir))")
        #expect(FileManager.default.contents(atPath: dir + "/r/results.json") != before, "frame 3 now has no reference")
    }

    /// An animated PNG's temporary left by SIGKILL is removed by the next run into it.
    @Test func aKilledAPNGLeavesATemporaryTheNextRunRemoves() throws {
        let dir = try temporaryDirectory("signal-kill-apng")
        let trace = try failingCheck(dir)
        let killed = try strata(["replay", trace, "--apng", dir + "/a.apng"],
                             sending: [SIGKILL], when: { leftovers(dir).contains { $0.hasPrefix(".a.apng.tmp-") } }, poll: 2_000)
        #expect(killed.status == SIGKILL)
        #expect(leftovers(dir).count == 1 && !FileManager.default.fileExists(atPath: dir + "/a.apng"), "\(leftovers(dir))")
        let again = try strata(["replay", trace, "--apng", dir + "/a.apng"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(leftovers(dir).isEmpty, "\(leftovers(dir))")
        #expect(FileManager.default.fileExists(atPath: dir + "/a.apng"))
    }

    /// Issue 28 §5: with --results-dir (or --report, --artifacts) each failing frame's
    /// images are spooled to disk as it fails, not kept in memory to the end: the spool
    /// holds them during the frame loop, and is gone afterwards.
    @Test func failingImagesAreSpooledAsTheyFail() throws {
        let dir = try temporaryDirectory("spool")
        let trace = try failingCheck(dir)
        var most = 0
        let r = try strata(["check", trace, "--references", dir + "/refs", "--results-dir", dir + "/r"], sending: [], when: {
            let spool = leftovers(dir).first { $0.hasPrefix(".strata-spool.tmp-") && !$0.contains("/") }
            most = max(most, spool.map { listing(dir + "/" + $0).filter { $0.hasSuffix(".png") }.count } ?? 0)
            return most >= 30 && !FileManager.default.fileExists(atPath: dir + "/r")
        }, poll: 2_000)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(most >= 30, "images spooled during the frame loop: \(most)")
        #expect(leftovers(dir).isEmpty, "\(leftovers(dir))")
        #expect(listing(dir + "/r/images/drag").count == 3 * 61)
    }
}
