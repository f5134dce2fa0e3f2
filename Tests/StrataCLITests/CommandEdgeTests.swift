import Foundation
import Testing
import StrataTestSupport

/// Issue 28 §7: one command line each, what it does now.
@Suite(.serialized, .tags(.gl)) struct CommandEdgeTests {
    @Test func checkOfADirectoryGoesOnPastABadTrace() throws {
        let dir = try temporaryDirectory("edge-dir")
        let good = try dragTrace(dir, name: "good")
        #expect(try strata(["check", good, "--record"]).status == 0)
        _ = try dragTrace(dir, name: "norefs")
        try "{\"trace\": 1, \"scene\": \"carousel\"\n".write(toFile: dir + "/bad.trace", atomically: true, encoding: .utf8)
        for jobs in ["1", "3"] {
            let r = try strata(["check", dir, "--jobs", jobs, "--junit", dir + "/j.xml"])
            #expect(r.status == 1, "\(r.stderr)")
            #expect(r.stdout.contains("bad: FAIL: \(dir)/bad.trace:1:"), "\(r.stdout)")
            // A trace without references fails frame by frame (issue 26 §2), saying how to record them.
            #expect(r.stdout.contains("norefs: FAIL: no references folder \(dir)/references/norefs: 8 frames without a reference; record them with: "), "\(r.stdout)")
            #expect(r.stdout.contains("good: 8 passed, 0 failed") && r.stdout.hasSuffix("8 passed, 9 failed\n"), "\(r.stdout)")
            let junit = try String(contentsOfFile: dir + "/j.xml", encoding: .utf8)
            #expect(junit.contains("<testsuite name=\"bad\" tests=\"1\" failures=\"1\""), "\(junit)")
        }
        // One trace alone is still an error of its own.
        let one = try strata(["check", dir + "/bad.trace"])
        #expect(one.status == 2 && one.stderr.hasPrefix("strata: error: \(dir)/bad.trace:1:"), "\(one.stderr)")
    }

    @Test func checkOfADirectoryGoesOnPastANameThatIsNotUTF8() throws {
        let dir = try temporaryDirectory("edge-utf8")
        let good = try dragTrace(dir, name: "good")
        #expect(try strata(["check", good, "--record"]).status == 0)
        let bytes = Array((dir + "/b").utf8) + [0xFF] + Array("d.trace".utf8) + [0]
        let fd = bytes.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
        #expect(fd >= 0)
        close(fd)
        let r = try strata(["check", dir])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("b_d: FAIL: \(dir)/b\u{FFFD}d.trace: the file name is not valid UTF-8"), "\(r.stdout)")
        #expect(r.stdout.contains("good: 8 passed, 0 failed"), "\(r.stdout)")
    }

    @Test func controlCharactersOfANameNeverReachTheTerminal() throws {
        let r = try strata(["lint", "bad\u{1B}[31mname\rx.scene.json"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("strata: error: bad\\u{1B}[31mname\\u{D}x.scene.json"), "\(r.stderr)")
        #expect(!r.stderr.dropLast().unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func helpBeforeACommand() throws {
        let r = try strata(["--help", "render"])
        #expect(r.status == 0 && r.stdout.hasPrefix("USAGE: strata render SCENE"), "\(r.stdout)\(r.stderr)")
        #expect(try strata(["-h", "check"]).stdout == strata(["help", "check"]).stdout)
    }

    @Test(arguments: [("egl", "STRATA_EGL_LIBRARY"), ("osmesa", "STRATA_OSMESA_LIBRARY")])
    func anEmptyLibraryVariableIsRefused(_ backend: String, _ variable: String) throws {
        let dir = try temporaryDirectory("edge-lib")
        let r = try strata(["render", "carousel", "--size", "20x20", "--out", dir + "/x.png"], environment: ["STRATA_GL": backend, variable: ""])
        #expect(r.status == 2 && r.stderr.contains("\(variable) is set but empty"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }
}
