import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// A drag on the carousel at 20 fps: 8 frames.
private func writeTrace(_ path: String, angle: Double = 0) throws {
    var lines = ["{\"trace\": 1, \"scene\": \"carousel\", \"width\": 160, \"height\": 120, \"scale\": 1, \"fps\": 20, \"options\": {\"angle\": \(angle)}}",
                 "{\"t\": 0, \"kind\": \"down\", \"x\": 40, \"y\": 60}"]
    for i in 1...6 { lines.append("{\"t\": \(Double(i) * 0.05), \"kind\": \"move\", \"x\": \(40 + i * 10), \"y\": 60}") }
    lines.append("{\"t\": 0.35, \"kind\": \"up\", \"x\": 100, \"y\": 60}")
    try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
}

private final class XMLCheck: NSObject, XMLParserDelegate {
    var suites: [[String: String]] = []
    var failures: [String] = []
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "testsuite" { suites.append(attributes) }
        if name == "failure" { failures.append(attributes["message"] ?? "") }
    }
}

@Suite(.serialized, .tags(.gl)) struct CheckResultsTests {
    @Test func junitJSONAndArtifactsOfAFailingRun() throws {
        let dir = try temporaryDirectory("check-results")
        try writeTrace(dir + "/drag.trace")
        _ = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--record"])
        try writeTrace(dir + "/drag.trace", angle: 30)
        let r = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--json", "--junit", dir + "/junit.xml",
                            "--artifacts", dir + "/art", "--report", dir + "/report.html"])
        #expect(r.status == 1, "\(r.stderr)")
        // Standard output is JSON only: a frame a line, then the summary.
        let objects = try r.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 9)
        #expect(objects.prefix(8).allSatisfy { $0["trace"] as? String == "drag" && $0["passed"] as? Bool == false && ($0["diffPixels"] as? Int ?? 0) > 0 })
        #expect(objects[3]["name"] as? String == "frame-00003")
        let summary = try #require(objects[8]["summary"] as? [String: Int])
        #expect(summary == ["traces": 1, "frames": 8, "passed": 0, "failed": 8, "updated": 0, "unchanged": 8, "added": 0])
        #expect(r.stderr.contains("frame-00000: FAIL: ") && r.stderr.contains("0 passed, 8 failed\nto accept these frames as the references: strata check "), "\(r.stderr)")
        #expect(r.stderr.hasSuffix(" --update changed\n"), "\(r.stderr)")

        // The three images of each failing frame, in the stable layout.
        for kind in ["expected", "actual", "diff"] {
            #expect(try PNG.read(path: dir + "/art/drag/frame-00005-\(kind).png").width == 160)
        }
        #expect(try PNG.read(path: dir + "/art/drag/frame-00005-expected.png").pixels == (try PNG.read(path: dir + "/refs/" + referenceFrameMap(dir + "/refs")["frame-00005"]! + ".png")).pixels)

        // JUnit: well-formed, one suite, a failure per frame naming the numbers and the diff.
        let check = XMLCheck()
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: dir + "/junit.xml")))
        parser.delegate = check
        #expect(parser.parse())
        #expect(check.suites.count == 1 && check.suites[0]["name"] == "drag" && check.suites[0]["tests"] == "8" && check.suites[0]["failures"] == "8")
        #expect(check.failures.count == 8)
        #expect(check.failures[0].contains("pixels differ") && check.failures[0].contains("; diff: \(dir)/art/drag/frame-00000-diff.png; "), "\(check.failures[0])")
        // The report links the artifacts relative to its folder.
        let html = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        #expect(html.contains("href=\"art/drag/frame-00000-diff.png\""))

        // STRATA_ARTIFACTS stands for --artifacts.
        let env = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs"], environment: ["STRATA_ARTIFACTS": dir + "/env-art"])
        #expect(env.status == 1 && FileManager.default.fileExists(atPath: dir + "/env-art/drag/frame-00007-diff.png"))
        #expect(env.stdout.contains("frame-00007: FAIL: ") && env.stdout.contains("; diff: \(dir)/env-art/drag/frame-00007-diff.png"))
    }

    @Test func aDirectoryOfTracesFindsReferencesByConvention() throws {
        let dir = try temporaryDirectory("check-many")
        try FileManager.default.createDirectory(atPath: dir + "/Traces", withIntermediateDirectories: true)
        try writeTrace(dir + "/Traces/a.trace")
        try writeTrace(dir + "/Traces/b.trace", angle: 40)
        var r = try strata(["check", dir + "/Traces", "--update", "missing"])
        #expect(r.status == 0 && r.stdout.contains("a: 0 references updated, 0 unchanged, 8 added\n"), "\(r.stdout)\(r.stderr)")
        #expect(try referenceFrameMap(dir + "/Traces/references/b").keys.contains("frame-00007"))
        r = try strata(["check", dir + "/Traces", "--junit", dir + "/j.xml"])
        #expect(r.status == 0 && r.stdout.contains("a: 8 passed, 0 failed\nb: 8 passed, 0 failed\njunit: \(dir)/j.xml\n16 passed, 0 failed\n"), "\(r.stdout)")
        let check = XMLCheck()
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: dir + "/j.xml")))
        parser.delegate = check
        #expect(parser.parse() && check.suites.map { $0["name"] ?? "" } == ["a", "b"])
        // A trace file given alone uses the same convention; b's references do not fit a.
        r = try strata(["check", dir + "/Traces/a.trace"])
        #expect(r.status == 0 && r.stdout.hasSuffix("8 passed, 0 failed\n"))
        r = try strata(["check", dir + "/Traces/a.trace", "--references", dir + "/Traces/references/b"])
        #expect(r.status == 1)
        r = try strata(["check", dir + "/Traces", "--references", dir + "/refs"])
        #expect(r.status == 2 && r.stderr.contains("--references names one trace's references; with 2 traces"), "\(r.stderr)")
        r = try strata(["check", dir + "/Traces", dir + "/Traces/a.trace"])
        #expect(r.status == 2 && r.stderr.contains("are both named 'a'"), "\(r.stderr)")
    }
}
