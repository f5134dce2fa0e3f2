import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// `--mask` on compare and check, `--mask-points`, and a trace header's `masks`.
@Suite(.serialized, .tags(.gl)) struct MaskCommandTests {
    @Test func compareIgnoresAMaskedCornerAndPaintsItInTheDiff() throws {
        let dir = try temporaryDirectory("mask-compare")
        var actual = Image(width: 40, height: 30, fill: .white)
        actual.fill(x: 35, y: 25, width: 5, height: 5, .red)
        try PNG.write(Image(width: 40, height: 30, fill: .white), to: dir + "/e.png")
        try PNG.write(actual, to: dir + "/a.png")
        var r = try strata(["compare", dir + "/e.png", dir + "/a.png"])
        #expect(r.status == 1 && r.stdout.contains("FAIL: 25 pixels differ"), "\(r.stdout)")
        r = try strata(["compare", dir + "/e.png", dir + "/a.png", "--mask", "35,25,5,5", "--diff", dir + "/d.png"])
        #expect(r.status == 0 && r.stdout.contains("PASS: 0 pixels differ"), "\(r.stdout)\(r.stderr)")
        let diff = try PNG.read(path: dir + "/d.png")
        #expect(diff.rgba(37, 27) == RGBA(255, 0, 255) && diff.rgba(34, 24) == RGBA(255, 255, 255))
        // Two masks, overlapping, together cover the block.
        r = try strata(["compare", dir + "/e.png", dir + "/a.png", "--mask", "35,25,3,5", "--mask", "36,25,4,5"])
        #expect(r.status == 0, "\(r.stdout)")

        r = try strata(["compare", dir + "/e.png", dir + "/a.png", "--mask", "36,26,5,5"])
        #expect(r.status == 2 && r.stderr.contains("--mask: \(dir)/e.png: mask 36,26,5,5 (pixels 36..<41 x 26..<31) is not inside the 40x30 frame"), "\(r.stderr)")
        r = try strata(["compare", dir + "/e.png", dir + "/a.png", "--mask", "1,1,0,4"])
        #expect(r.status == 2 && r.stderr.contains("--mask: mask 1,1,0,4 has no area"), "\(r.stderr)")
        r = try strata(["compare", dir + "/e.png", dir + "/a.png", "--mask", "1,1,4"])
        #expect(r.status == 2 && r.stderr.contains("must be X,Y,W,H in whole pixels"), "\(r.stderr)")
    }

    @Test func checkTakesMasksFromTheFlagsAndTheTraceHeader() throws {
        let dir = try temporaryDirectory("mask-check")
        func trace(_ masks: String) throws -> String {
            let path = dir + "/t\(masks.isEmpty ? "" : "-masked").trace"
            let header = "{\"trace\": 1, \"scene\": \"carousel\", \"width\": 80, \"height\": 60, \"scale\": 2, \"fps\": 10\(masks)}"
            try (header + "\n{\"t\": 0, \"kind\": \"down\", \"x\": 20, \"y\": 30}\n{\"t\": 0.2, \"kind\": \"up\", \"x\": 40, \"y\": 30}\n")
                .write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let plain = try trace("")
        var r = try strata(["check", plain, "--references", dir + "/refs", "--record"])
        #expect(r.status == 0, "\(r.stderr)")
        // A "clock" painted into every reference at 60,4 .. 76,12 pt = 120,8 .. 152,24 px.
        for name in try FileManager.default.contentsOfDirectory(atPath: dir + "/refs") where name.hasSuffix(".png") {
            var image = try PNG.read(path: dir + "/refs/" + name)
            image.fill(x: 120, y: 8, width: 32, height: 16, .blue)
            try PNG.write(image, to: dir + "/refs/" + name)
        }
        r = try strata(["check", plain, "--references", dir + "/refs"])
        #expect(r.status == 1 && r.stdout.contains("512 pixels differ"), "\(r.stdout)")
        r = try strata(["check", plain, "--references", dir + "/refs", "--mask-points", "60,4,16,8"])
        #expect(r.status == 0, "\(r.stdout)")
        r = try strata(["check", plain, "--references", dir + "/refs", "--mask", "120,8,32,16", "--report", dir + "/r.html"])
        #expect(r.status == 0, "\(r.stdout)")
        // Half the clock masked: the other half still fails.
        r = try strata(["check", plain, "--references", dir + "/refs", "--mask", "120,8,16,16", "--report", dir + "/r.html"])
        #expect(r.status == 1 && r.stdout.contains("256 pixels differ"), "\(r.stdout)")
        #expect(try String(contentsOfFile: dir + "/r.html", encoding: .utf8).contains("masked pixels</td><td>256 (not compared"))
        // The trace header's masks, in points, apply to every check of the trace.
        let masked = try trace(", \"masks\": [[60, 4, 16, 8]]")
        r = try strata(["check", masked, "--references", dir + "/refs"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")

        // Recorded with a mask, the references keep it in strata-references.json: later
        // checks need no flag, and a re-recording without one keeps it.
        let kept = dir + "/kept"
        r = try strata(["check", plain, "--references", kept, "--record", "--mask", "120,8,32,16"])
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = { (try? String(contentsOfFile: kept + "/strata-references.json", encoding: .utf8)) ?? "" }
        #expect(manifest().contains("\"masks\""), "\(manifest())")
        for name in try FileManager.default.contentsOfDirectory(atPath: kept) where name.hasSuffix(".png") {
            var image = try PNG.read(path: kept + "/" + name)
            image.fill(x: 120, y: 8, width: 32, height: 16, .blue)
            try PNG.write(image, to: kept + "/" + name)
        }
        r = try strata(["check", plain, "--references", kept])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        r = try strata(["check", plain, "--references", kept, "--record"])
        let again = manifest()
        #expect(r.status == 0 && again.contains("\"x\" : 120"), "\(again)")

        r = try strata(["check", plain, "--references", dir + "/refs", "--mask", "150,0,20,10"])
        #expect(r.status == 2 && r.stderr.contains("is not inside the 160x120 frame"), "\(r.stderr)")
        let outside = try trace(", \"masks\": [[70, 0, 20, 10]]")
        r = try strata(["check", outside, "--references", dir + "/refs"])
        #expect(r.status == 2 && r.stderr.contains("t-masked.trace:1: mask 1, [70, 0, 20, 10], must have x, y >= 0, width, height > 0 and lie inside the 80 x 60 pt view"), "\(r.stderr)")
    }
}
