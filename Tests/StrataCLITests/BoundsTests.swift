import Foundation
import Testing
import StrataRender
import StrataTestSupport

private let header = #"{"trace": 1, "scene": "carousel", "width": 160, "height": 120, "scale": 1, "fps": 20}"#

private func trace(_ dir: String, _ name: String, _ lines: [String], header h: String = header) throws -> String {
    let path = dir + "/" + name
    try ([h] + lines).joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// No input makes strata run unbounded: every limit is checked before the first frame,
/// with a message naming the limit and the flag that raises it.
@Suite(.serialized, .tags(.gl)) struct BoundsTests {
    @Test func aFarAwayLastEventIsRefusedBeforeTheFirstFrame() throws {
        let dir = try temporaryDirectory("bounds-far")
        let far = try trace(dir, "far.trace", [#"{"t": 0, "kind": "down", "x": 1, "y": 2}"#, #"{"t": 80000, "kind": "up", "x": 1, "y": 2}"#])
        for command in [["replay", far, "--out", dir + "/frames"], ["check", far, "--references", dir + "/refs", "--record"]] {
            let r = try strata(command)
            #expect(r.status == 2 && r.stderr.contains("that is up to 1600200 frames, over the frame limit of 100000; cap them with --frames N or raise the limit with --frame-limit N"), "\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/frames/frame-00000.png"))
        // --frames bounds the work before frame 1; past the limit it is refused too.
        let three = try strata(["replay", far, "--out", dir + "/frames", "--frames", "3"])
        #expect(three.status == 0 && three.stdout.hasPrefix("replayed 3 frames"), "\(three.stderr)")
        let many = try strata(["replay", far, "--out", dir + "/frames", "--frames", "200000"])
        // The flag's error, told by the flag, not as the trace's first line.
        #expect(many.status == 2 && many.stderr.hasPrefix("strata: error: --frames 200000 is over the frame limit of 100000; raise it with --frame-limit"),
                "\(many.stderr)")
    }

    @Test func aTinyFrameRateInTheHeaderIsAnError() throws {
        let dir = try temporaryDirectory("bounds-fps")
        let slow = try trace(dir, "slow.trace", [], header: header.replacingOccurrences(of: "\"fps\": 20", with: "\"fps\": 0.0001"))
        let r = try strata(["replay", slow, "--out", dir + "/frames"])
        #expect(r.status == 2 && r.stderr == "strata: error: \(slow):1: \"fps\" is 0.0001; it must be within 1...1000\n", "\(r.stderr)")
    }

    @Test func aTraceOverTheSizeLimitIsRefusedAndTheLimitCanBeRaised() throws {
        let dir = try temporaryDirectory("bounds-size")
        let lines = [#"{"t": 0, "kind": "down", "x": 1, "y": 2}"#] + (1...200).map { #"{"t": \#(Double($0) / 1000), "kind": "move", "x": 1, "y": 2}"# }
        let path = try trace(dir, "t.trace", lines)
        var r = try strata(["replay", path, "--out", dir + "/frames", "--max-trace-size", "1000"])
        #expect(r.status == 2 && r.stderr.contains("over the limit of 1000 bytes (--max-trace-size raises it)"), "\(r.stderr)")
        r = try strata(["check", path, "--references", dir + "/refs", "--record", "--max-trace-size=1000"])
        #expect(r.status == 2 && r.stderr.contains("over the limit of 1000 bytes"), "\(r.stderr)")
        r = try strata(["replay", path, "--out", dir + "/frames", "--max-trace-size", "100000", "--frames", "1"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func aTraceFromAFIFOIsRefusedWithoutWaiting() throws {
        let dir = try temporaryDirectory("bounds-fifo")
        #expect(mkfifo(dir + "/t.trace", 0o644) == 0)
        let r = try strata(["replay", dir + "/t.trace", "--out", dir + "/frames"])
        #expect(r.status == 2 && r.stderr.contains("is a FIFO or pipe; strata reads traces only from regular files"), "\(r.stderr)")
    }

    @Test func compareRefusesAPNGOverThePixelLimitBeforeDecoding() throws {
        let dir = try temporaryDirectory("bounds-pixels")
        #expect(try strata(["render", "carousel", "--size", "40x30", "--out", dir + "/a.png"]).status == 0)
        let r = try strata(["compare", dir + "/a.png", dir + "/a.png", "--max-pixels", "1000"])
        #expect(r.status == 2 && r.stderr == "strata: error: \(dir)/a.png: 40x30 px is 1200 pixels, over the limit of 1000 (--max-pixels raises it)\n", "\(r.stderr)")
        #expect(try strata(["compare", dir + "/a.png", dir + "/a.png", "--max-pixels", "1200"]).status == 0)
    }

    @Test func hugeTextIsBoundedAndSummariesStayShort() throws {
        let dir = try temporaryDirectory("bounds-text")
        let alertHeader = #"{"trace": 1, "scene": "alert", "width": 320, "height": 480, "scale": 1, "fps": 20, "options": {"example": "login"}}"#
        let text = String(repeating: "x", count: 9000)
        let path = try trace(dir, "t.trace", [#"{"t": 0.5, "kind": "key", "text": "\#(text)"}"#], header: alertHeader)
        let r = try strata(["replay", path, "--out", dir + "/frames", "--frames", "12"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.count < 400 && r.stdout.contains("…\" (9000 characters)"), "\(r.stdout)")
    }
}
