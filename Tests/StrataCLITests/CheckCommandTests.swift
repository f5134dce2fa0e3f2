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

@Suite(.serialized) struct CheckCommandTests {
    @Test func recordThenCheckPasses() throws {
        let dir = try temporaryDirectory("check-pass")
        let trace = try writeTrace(dir)
        let record = try strata(["check", trace, "--references", dir + "/refs", "--record"])
        #expect(record.status == 0 && record.stdout.contains("recorded 8 frames into \(dir)/refs: 8 changed"), "\(record.stdout)\(record.stderr)")
        let again = try strata(["check", trace, "--references", dir + "/refs", "--record"])
        #expect(again.stdout.contains(": 0 changed"))
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
        #expect(html.contains("id=\"f-frame-00003\"") && html.contains("0 passed, 8 failed"))
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

    @Test func errorsExitTwo() throws {
        let dir = try temporaryDirectory("check-errors")
        let trace = try writeTrace(dir)
        var r = try strata(["check", trace])
        #expect(r.status == 2 && r.stderr.contains("check needs --references DIR"))
        r = try strata(["check", trace, "--references", dir + "/nowhere"])
        #expect(r.status == 2 && r.stderr.contains("\(dir)/nowhere: no such directory"))
        try "{\"trace\": 1}\n".write(toFile: dir + "/bad.trace", atomically: true, encoding: .utf8)
        r = try strata(["check", dir + "/bad.trace", "--references", dir])
        #expect(r.status == 2 && r.stderr.hasPrefix("strata: error: \(dir)/bad.trace:1:"), "\(r.stderr)")
    }
}
