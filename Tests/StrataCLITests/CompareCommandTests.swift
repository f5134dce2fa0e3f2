import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// `strata compare` as CI sees it: output lines, exit status, diff images, JSON.
@Suite(.serialized, .tags(.gl)) struct CompareCommandTests {
    func frame(_ changed: Bool = false) -> Image {
        var image = Image(width: 40, height: 30, fill: .white)
        image.fill(x: 10, y: 10, width: 10, height: 10, .blue)
        if changed { image.setPixel(x: 30, y: 5, .black) }
        return image
    }

    @Test func directoriesWithAnExtraAndAMissingFrame() throws {
        let dir = try temporaryDirectory("compare-dirs")
        for side in ["expected", "actual"] { try FileManager.default.createDirectory(atPath: "\(dir)/\(side)", withIntermediateDirectories: true) }
        try PNG.write(frame(), to: "\(dir)/expected/a.png")
        try PNG.write(frame(), to: "\(dir)/actual/a.png")
        try PNG.write(frame(), to: "\(dir)/expected/b.png")
        try PNG.write(frame(true), to: "\(dir)/actual/b.png")
        try PNG.write(frame(), to: "\(dir)/expected/only-expected.png")
        try PNG.write(frame(), to: "\(dir)/actual/only-actual.png")
        let r = try strata(["compare", "\(dir)/expected", "\(dir)/actual", "--diff", "\(dir)/diffs"])
        #expect(r.status == 1, "\(r.stderr)")
        // A result is worded as check words it: NAME: PASS|FAIL: the numbers.
        #expect(r.stdout.contains("a.png: PASS: 0 pixels differ (0.0000%), 0 AA, max delta 0, PSNR inf\n"), "\(r.stdout)")
        #expect(r.stdout.contains("b.png: FAIL: 1 pixel differs (") && r.stdout.contains("; first difference at (30, 5)"), "\(r.stdout)")
        #expect(r.stdout.contains("only-expected.png: FAIL: missing from ACTUAL"))
        #expect(r.stdout.contains("only-actual.png: FAIL: missing from EXPECTED"))
        #expect(r.stdout.hasSuffix("1 passed, 3 failed\n"), "\(r.stdout)")
        // The diff marks the changed pixel red on a faded copy.
        let diff = try PNG.read(path: "\(dir)/diffs/b.png")
        let p = diff.pixel(x: 30, y: 5)
        #expect(p.r == 255 && p.g == 0 && p.b == 0)
    }

    @Test func identicalFilesPassAndJSONIsOneObjectPerFrame() throws {
        let dir = try temporaryDirectory("compare-json")
        try PNG.write(frame(), to: "\(dir)/x.png")
        try PNG.write(frame(true), to: "\(dir)/y.png")
        var r = try strata(["compare", "\(dir)/x.png", "\(dir)/x.png"])
        #expect(r.status == 0 && r.stdout.hasSuffix("1 passed, 0 failed\n"))
        r = try strata(["compare", "\(dir)/x.png", "\(dir)/y.png", "--json"])
        #expect(r.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(object?["diffPixels"] as? Int == 1 && object?["passed"] as? Bool == false && object?["width"] as? Int == 40)
        #expect(r.stderr.contains("0 passed, 1 failed"))
        r = try strata(["compare", "\(dir)/x.png", "\(dir)/y.png", "--max-diff-pixels", "1"])
        #expect(r.status == 0)
    }

    @Test func badFilesExitTwoNamingTheFile() throws {
        let dir = try temporaryDirectory("compare-bad")
        try PNG.write(frame(), to: "\(dir)/x.png")
        try "not a png".write(toFile: "\(dir)/text.png", atomically: true, encoding: .utf8)
        let good = try PNG.encode(frame())
        try Data(good.prefix(good.count / 2)).write(to: URL(fileURLWithPath: "\(dir)/half.png"))
        for (file, message) in [("text.png", "not a PNG file"), ("half.png", "truncated"), ("nope.png", "no such file")] {
            let r = try strata(["compare", "\(dir)/x.png", "\(dir)/\(file)"])
            #expect(r.status == 2, "\(file)")
            #expect(r.stderr.contains("\(dir)/\(file)") && r.stderr.contains(message), "\(file): \(r.stderr)")
        }
        try PNG.write(Image(width: 41, height: 30, fill: .white), to: "\(dir)/wide.png")
        let r = try strata(["compare", "\(dir)/x.png", "\(dir)/wide.png"])
        #expect(r.status == 1 && r.stdout.contains("FAIL: size 41x30, reference 40x30"), "\(r.stdout)")
    }
}
