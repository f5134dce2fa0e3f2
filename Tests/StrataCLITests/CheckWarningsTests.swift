import Foundation
import Testing
import StrataTestSupport

/// `check`'s warnings are true and reach every output: a trace's fonts are its own
/// frames', an edited scene file stops warning once its references are re-recorded, and
/// each warning is in standard error, the JUnit file and the report.
@Suite(.serialized, .tags(.gl)) struct CheckWarningsTests {
    /// An alert (text: Inter) checked before a carousel (no text) in one process: the
    /// carousel's frames drew no font, so nothing is "not used by the references".
    @Test func eachTraceComparesItsOwnFonts() throws {
        let dir = try temporaryDirectory("check-fonts")
        try """
        {"trace": 1, "scene": "alert", "width": 200, "height": 300, "scale": 1, "fps": 10, "options": {"example": "simple"}}
        {"t": 0.3, "kind": "down", "x": 10, "y": 10}
        {"t": 0.35, "kind": "up", "x": 10, "y": 10}

        """.write(toFile: dir + "/a-alert.trace", atomically: true, encoding: .utf8)
        try """
        {"trace": 1, "scene": "carousel", "width": 160, "height": 120, "scale": 1, "fps": 10, "options": {"angle": 0}}
        {"t": 0, "kind": "down", "x": 40, "y": 60}
        {"t": 0.2, "kind": "up", "x": 60, "y": 60}

        """.write(toFile: dir + "/b-drag.trace", atomically: true, encoding: .utf8)
        for name in ["a-alert", "b-drag"] {
            let r = try strata(["check", "\(dir)/\(name).trace", "--record"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let alertManifest = try String(contentsOfFile: dir + "/references/a-alert/strata-references.json", encoding: .utf8)
        #expect(alertManifest.contains("\"file\" : \"Inter-Regular.otf\""), "\(alertManifest)")
        let dragManifest = try String(contentsOfFile: dir + "/references/b-drag/strata-references.json", encoding: .utf8)
        #expect(!dragManifest.contains("\"file\""), "\(dragManifest)")
        for jobs in ["1", "2"] {
            let r = try strata(["check", dir, "--jobs", jobs])
            #expect(r.status == 0 && r.stdout.hasSuffix("9 passed, 0 failed\n"), "\(r.stdout)")
            #expect(r.stderr.isEmpty, "--jobs \(jobs): \(r.stderr)")
        }

        // A real difference (the alert's font hash in its manifest) is warned of everywhere.
        try alertManifest.replacingOccurrences(of: #""sha256" : ""#, with: #""sha256" : "0000"#)
            .write(toFile: dir + "/references/a-alert/strata-references.json", atomically: true, encoding: .utf8)
        let r = try strata(["check", dir, "--junit", dir + "/junit.xml", "--report", dir + "/report.html"])
        #expect(r.status == 0)
        let warning = "references in \(dir)/references/a-alert were drawn elsewhere: font Inter-Regular.otf differs"
        #expect(r.stderr.hasPrefix("strata: warning: \(warning)"), "\(r.stderr)")
        #expect(!r.stderr.contains("b-drag"), "\(r.stderr)")
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("    <system-err>warning: \(warning)"), "\(junit)")
        #expect(junit.components(separatedBy: "<system-err>").count == 2, "only the alert's suite warns: \(junit)")
        let html = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        #expect(html.contains("<p class=\"warning\">warning: \(warning)"))
    }

    /// A trace of an edited scene file warns (in the report and JUnit too) until
    /// `check --record` re-records it: then the trace's header carries the file's hash,
    /// every other byte of the trace as it was, and the check is quiet.
    @Test func recordingReStampsAnEditedSceneFile() throws {
        let dir = try temporaryDirectory("check-restamp")
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/Scenes/carousel.scene.json", toPath: dir + "/carousel.scene.json")
        try FileManager.default.createDirectory(atPath: dir + "/traces", withIntermediateDirectories: true)
        var r = try strata(["render", "carousel.scene.json", "--angle", "10", "--out", "r.png", "--save-trace", "traces/r.trace"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        r = try strata(["check", "traces/r.trace", "--record", "--root", "."], in: dir)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")

        let scene = try String(contentsOfFile: dir + "/carousel.scene.json", encoding: .utf8)
        try scene.replacingOccurrences(of: "\"cornerRadius\": 10", with: "\"cornerRadius\": 30")
            .write(toFile: dir + "/carousel.scene.json", atomically: true, encoding: .utf8)
        r = try strata(["check", "traces", "--junit", "junit.xml", "--report", "report.html", "--root", "."], in: dir)
        #expect(r.status == 1, "rounder corners differ: \(r.stdout)")
        let warning = "traces/../carousel.scene.json has changed since traces/r.trace was recorded"
        #expect(r.stderr.hasPrefix("strata: warning: \(warning)"), "\(r.stderr)")
        #expect(try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8).contains("<system-err>warning: \(warning)"))
        #expect(try String(contentsOfFile: dir + "/report.html", encoding: .utf8).contains("<p class=\"warning\">warning: \(warning)"))

        let before = try String(contentsOfFile: dir + "/traces/r.trace", encoding: .utf8)
        r = try strata(["check", "traces/r.trace", "--record", "--root", "."], in: dir)
        #expect(r.status == 0 && r.stdout.contains("traces/r.trace: re-stamped with its scene file's SHA-256 "), "\(r.stdout)")
        let after = try String(contentsOfFile: dir + "/traces/r.trace", encoding: .utf8)
        let hash = { (text: String) in text.components(separatedBy: #""sceneSHA256": ""#)[1].prefix(64) }
        #expect(hash(before) != hash(after) && hash(after).count == 64)
        #expect(before.replacingOccurrences(of: String(hash(before)), with: String(hash(after))) == after)
        r = try strata(["check", "traces", "--root", "."], in: dir)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stdout)\(r.stderr)")
    }
}
