import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// A short synthetic trace: a 60 pt drag right on the carousel, at 20 fps.
private func writeTrace(_ dir: String, angle: Double = 0) throws -> String {
    var lines = ["{\"trace\": 1, \"scene\": \"carousel\", \"width\": 160, \"height\": 120, \"scale\": 1, \"fps\": 20, \"options\": {\"angle\": \(angle)}}",
                 "{\"t\": 0, \"kind\": \"down\", \"x\": 40, \"y\": 60}"]
    for i in 1...6 { lines.append("{\"t\": \(Double(i) * 0.05), \"kind\": \"move\", \"x\": \(40 + i * 10), \"y\": 60}") }
    lines.append("{\"t\": 0.35, \"kind\": \"up\", \"x\": 100, \"y\": 60}")
    let path = dir + "/drag.trace"
    try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

@Suite(.serialized, .tags(.gl)) struct CheckCommandTests {
    @Test func recordThenCheckPasses() throws {
        let dir = try temporaryDirectory("check-pass")
        let trace = try writeTrace(dir)
        let record = try strata(["check", trace, "--references", dir + "/refs", "--record"])
        #expect(record.status == 0 && record.stdout.contains("recorded 8 frames into \(dir)/refs: 0 references updated, 0 unchanged, 8 added\n"), "\(record.stdout)\(record.stderr)")
        let again = try strata(["check", trace, "--references", dir + "/refs", "--record"])
        #expect(again.stdout.contains(": 0 references updated, 8 unchanged, 0 added\n"), "\(again.stdout)")
        let check = try strata(["check", trace, "--references", dir + "/refs"])
        #expect(check.status == 0 && check.stdout.hasSuffix("8 passed, 0 failed\n"), "\(check.stdout)\(check.stderr)")
        // Frames are not written unless asked.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["drag.trace", "refs"])
    }

    @Test func aChangedSceneFailsAndTheReportNamesTheFrame() throws {
        let dir = try temporaryDirectory("check-fail")
        _ = try strata(["check", try writeTrace(dir), "--references", dir + "/refs", "--record"])
        // The same drag starting 30 degrees further round: every frame differs.
        let changed = try writeTrace(dir, angle: 30)
        let r = try strata(["check", changed, "--references", dir + "/refs", "--report", dir + "/report.html", "--out", dir + "/frames"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("frame-00000: FAIL: ") && r.stdout.hasSuffix("0 passed, 8 failed\n"), "\(r.stdout)")
        let html = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        #expect(html.contains("id=\"f-drag--frame-00004\"") && html.contains("0 passed, 8 failed"))
        // Frames 2 and 3 fail with the same numbers: one row, frame 2 shown in full.
        #expect(html.contains("<a href=\"#f-drag--frame-00002\">frame-00002 &ndash; frame-00003</a></td><td>2</td><td>the same numbers: "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").count == 8)
    }

    @Test func missingAndExtraReferencesFail() throws {
        let dir = try temporaryDirectory("check-missing")
        let trace = try writeTrace(dir)
        _ = try strata(["check", trace, "--references", dir + "/refs", "--record"])
        try FileManager.default.removeItem(atPath: dir + "/refs/frame-00002.png")
        try FileManager.default.copyItem(atPath: dir + "/refs/frame-00001.png", toPath: dir + "/refs/frame-00050.png")
        let r = try strata(["check", trace, "--references", dir + "/refs"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("frame-00002: FAIL: no reference frame \(dir)/refs/frame-00002.png"), "\(r.stdout)")
        #expect(r.stdout.contains("frame-00050: FAIL: reference frame-00050.png has no frame in the replay"))
        #expect(r.stdout.hasSuffix("7 passed, 2 failed\n"))
        // A plain check never writes references.
        #expect(!FileManager.default.fileExists(atPath: dir + "/refs/frame-00002.png"))
    }

    /// `--update changed` rewrites only the failing reference and leaves every passing
    /// one's bytes and modification time alone; `--update missing` only adds.
    @Test func updateModesWriteOnlyWhatTheySay() throws {
        let dir = try temporaryDirectory("check-update")
        let trace = try writeTrace(dir)
        let refs = dir + "/refs"
        _ = try strata(["check", trace, "--references", refs, "--update", "all"])
        let fm = FileManager.default
        // Frame 3's reference replaced by frame 6's: only it fails.
        try fm.removeItem(atPath: refs + "/frame-00003.png")
        try fm.copyItem(atPath: refs + "/frame-00006.png", toPath: refs + "/frame-00003.png")
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        let names = try fm.contentsOfDirectory(atPath: refs).sorted()
        for name in names { try fm.setAttributes([.modificationDate: old], ofItemAtPath: refs + "/" + name) }
        let bytes = { (name: String) in try Data(contentsOf: URL(fileURLWithPath: refs + "/" + name)) }
        let before = try names.map(bytes)

        var r = try strata(["check", trace, "--references", refs, "--update", "changed"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("frame-00003: updated: ") && r.stdout.contains("1 reference updated, 7 unchanged, 0 added\n"), "\(r.stdout)")
        for (name, was) in zip(names, before) {
            let date = try fm.attributesOfItem(atPath: refs + "/" + name)[.modificationDate] as? Date
            let now = try bytes(name)
            if name == "frame-00003.png" {
                #expect(date != old && now != was)
            } else {
                #expect(date == old && now == was, "\(name) was touched")
            }
        }
        r = try strata(["check", trace, "--references", refs])
        #expect(r.status == 0 && r.stdout.hasSuffix("8 passed, 0 failed\n"))

        try fm.removeItem(atPath: refs + "/frame-00005.png")
        r = try strata(["check", trace, "--references", refs, "--update", "missing"])
        #expect(r.status == 0 && r.stdout.contains("0 references updated, 7 unchanged, 1 added\n"), "\(r.stdout)")
        #expect(fm.fileExists(atPath: refs + "/frame-00005.png"))
        // `changed` does not add a missing reference: that frame fails.
        try fm.removeItem(atPath: refs + "/frame-00005.png")
        r = try strata(["check", trace, "--references", refs, "--update", "changed"])
        #expect(r.status == 1 && r.stdout.contains("frame-00005: FAIL: no reference frame"), "\(r.stdout)")

        r = try strata(["check", trace, "--references", refs, "--update", "all", "--record"])
        #expect(r.status == 2 && r.stderr.contains("give --record or --update, not both"))
        r = try strata(["check", trace, "--references", refs, "--update", "some"])
        #expect(r.status == 2 && r.stderr.contains("--update expects one of none, missing, changed, all"), "\(r.stderr)")
    }

    /// One trace without its references folder fails alone: its frames are kept as
    /// actuals, the message gives the command that records them, and the other trace is
    /// checked and reported in the JUnit file, the report and the results.
    @Test func aMissingReferencesFolderFailsOnlyItsTrace() throws {
        let dir = try temporaryDirectory("check-no-folder")
        let trace = try writeTrace(dir)
        _ = try strata(["check", trace, "--record"])
        try FileManager.default.copyItem(atPath: trace, toPath: dir + "/new.trace")
        let r = try strata(["check", dir, "--junit", dir + "/junit.xml", "--report", dir + "/report.html",
                            "--artifacts", dir + "/out/artifacts", "--results-dir", dir + "/out/results", "--jobs", "1"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("drag: 8 passed, 0 failed\n"), "\(r.stdout)")
        #expect(r.stdout.contains("new: FAIL: no references folder \(dir)/references/new: 8 frames without a reference, "
            + "their actuals in \(dir)/out/artifacts/new/; record them with: strata check \(dir)/new.trace --record\n"), "\(r.stdout)")
        #expect(r.stdout.contains("new: 0 passed, 8 failed\n") && r.stdout.hasSuffix("8 passed, 8 failed\n"), "\(r.stdout)")
        // One line for the trace, not one per frame.
        #expect(!r.stdout.contains("new/frame-00000: FAIL"), "\(r.stdout)")
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("<testsuite name=\"drag\"") && junit.contains("<testsuite name=\"new\""), "\(junit)")
        #expect(junit.contains("no reference: the folder \(dir)/references/new does not exist; record it with: strata check \(dir)/new.trace --record"))
        let html = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        #expect(html.contains("8 passed, 8 failed"))
        for frame in 0..<8 {
            let actual = dir + "/out/artifacts/new/frame-0000\(frame)-actual.png"
            #expect(FileManager.default.fileExists(atPath: actual), "\(actual)")
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/out/results/results.json"))
        // Nothing was recorded on the way.
        #expect(!FileManager.default.fileExists(atPath: dir + "/references/new"))
        // With --references a folder that does not exist names the flag's folder in the command.
        let one = try strata(["check", trace, "--references", dir + "/nowhere"])
        #expect(one.status == 1 && one.stdout.contains("record them with: strata check \(trace) --references \(dir)/nowhere --record\n"), "\(one.stdout)")
    }

    /// A still scene turned 20 degrees: every frame fails with the same numbers, told once
    /// as a range after the first; frames that differ otherwise keep their own lines.
    @Test func identicalFailuresAreToldOnce() throws {
        let dir = try temporaryDirectory("check-alike")
        let still = { (angle: Int) in
            try "{\"trace\": 1, \"scene\": \"carousel\", \"width\": 160, \"height\": 120, \"scale\": 1, \"fps\": 10, \"options\": {\"angle\": \(angle)}}\n{\"t\": 0.9, \"kind\": \"down\", \"x\": 40, \"y\": 60}\n"
                .write(toFile: dir + "/still.trace", atomically: true, encoding: .utf8)
        }
        try still(0)
        _ = try strata(["check", dir + "/still.trace", "--references", dir + "/refs", "--record"])
        try still(20)
        var r = try strata(["check", dir + "/still.trace", "--references", dir + "/refs"])
        let lines = r.stdout.split(separator: "\n")
        #expect(r.status == 1 && lines.count == 3, "\(r.stdout)")
        #expect(lines.first?.hasPrefix("frame-00000: FAIL: ") == true && lines[1] == "frame-00001 to frame-00009 (9 frames): FAIL: the same numbers as frame-00000", "\(r.stdout)")
        #expect(lines.last == "0 passed, 10 failed")
        // The drag's frames all differ from each other: a line each.
        _ = try strata(["check", try writeTrace(dir), "--references", dir + "/drag", "--record"])
        r = try strata(["check", try writeTrace(dir, angle: 30), "--references", dir + "/drag"])
        #expect(r.stdout.split(separator: "\n").filter { $0.contains(": FAIL: ") }.count == 8, "\(r.stdout)")
    }

    @Test func errorsExitTwo() throws {
        let dir = try temporaryDirectory("check-errors")
        _ = try writeTrace(dir)
        try "{\"trace\": 1}\n".write(toFile: dir + "/bad.trace", atomically: true, encoding: .utf8)
        let r = try strata(["check", dir + "/bad.trace", "--references", dir])
        #expect(r.status == 2 && r.stderr.hasPrefix("strata: error: \(dir)/bad.trace:1:"), "\(r.stderr)")
    }
}
