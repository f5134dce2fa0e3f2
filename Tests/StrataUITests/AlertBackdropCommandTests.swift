import Foundation
import StrataModel
import StrataRender
import Testing
import StrataTestSupport

/// `strata render alert --backdrop SCREEN.png`: the alert over a user's own screen image.
@Suite(.serialized, .tags(.gl)) struct AlertBackdropCommandTests {
    func directory(_ name: String) throws -> String { try temporaryDirectory("backdrop-\(name)") }

    @Test func presentsTheAlertOverTheScreenImage() throws {
        let dir = try directory("screen")
        try PNG.write(AlertMaterialTests.colourfulScreen(), to: dir + "/screen.png")
        let r = try strata(["render", "alert", "--example", "simple", "--backdrop", "screen.png", "--out", "over.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        // The frame the render tests keep for the same screen.
        let reference = try PNG.read(path: referencesDirectory.appendingPathComponent("alerts/simple-over-screen-light.png").path)
        #expect(try PNG.read(path: dir + "/over.png").pixels == reference.pixels)
    }

    /// Mid-animation (the box sliding in, its capture moving with it), the saved trace
    /// names the image and replays onto the same bytes.
    @Test func theSavedTraceReplaysOverTheSameImage() throws {
        let dir = try directory("replay")
        try PNG.write(AlertMaterialTests.colourfulScreen(), to: dir + "/screen.png")
        let render = try strata(["render", "alert", "--example", "sheet", "--backdrop", "screen.png", "--time", "0.2",
                                 "--out", "r.png", "--save-trace", "r.trace"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try String(contentsOfFile: dir + "/r.trace", encoding: .utf8).contains("\"backdrop\": \"screen.png\""))
        let replay = try strata(["replay", "r.trace", "--out", "frames", "--frames", "13"], in: dir)
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(try PNG.read(path: dir + "/r.png").pixels == PNG.read(path: dir + "/frames/frame-00012.png").pixels)
    }

    @Test func anImageOfAnotherSizeIsScaledToTheView() throws {
        let dir = try directory("scaled")
        let blue = Image(width: 30, height: 20, pixels: [UInt8]((0..<600).flatMap { _ in [0, 84, 147, 255] as [UInt8] }))
        try PNG.write(blue, to: dir + "/small.png")
        let r = try strata(["render", "alert", "--backdrop", "small.png", "--size", "320x568", "--scale", "1"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNG.read(path: dir + "/alert.png")
        // Blue under the dim everywhere, corners included; the box shows it through.
        for (x, y) in [(2, 2), (317, 565), (160, 40)] {
            #expect(image.rgba(x, y).isClose(to: RGBA(0, 67, 118), within: 1), "\(x), \(y): \(image.rgba(x, y))")
        }
        #expect(image.rgba(30, 284).isClose(to: RGBA(184, 215, 239), within: 3), "\(image.rgba(30, 284))")
    }

    @Test func aMissingOrBadImageExitsTwoNamingTheFile() throws {
        let dir = try directory("bad")
        let missing = try strata(["render", "alert", "--backdrop", "nope.png"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr == "strata: error: the backdrop image nope.png: cannot read: No such file or directory\n", "\(missing.stderr)")

        try Data("not a picture\n".utf8).write(to: URL(fileURLWithPath: dir + "/bad.png"))
        let bad = try strata(["render", "alert", "--backdrop", "bad.png"], in: dir)
        #expect(bad.status == 2 && bad.stderr.hasPrefix("strata: error: the backdrop image bad.png: "), "\(bad.stderr)")

        // A small file whose header claims 8000 x 8000: refused from the header, not decoded.
        var big = try PNG.encode(Image(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16)))
        for (i, v) in [8000, 8000].enumerated() {
            for k in 0..<4 { big[16 + i * 4 + k] = UInt8(truncatingIfNeeded: v >> (24 - 8 * k)) }
        }
        // The IHDR's CRC-32 (ISO 3309) made right again, so only the size is wrong.
        let crc = ~big[12..<29].reduce(UInt32.max) { c, byte in
            (0..<8).reduce(c ^ UInt32(byte)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        for k in 0..<4 { big[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        try Data(big).write(to: URL(fileURLWithPath: dir + "/big.png"))
        let huge = try strata(["render", "alert", "--backdrop", "big.png"], in: dir)
        #expect(huge.status == 2)
        #expect(huge.stderr == "strata: error: the backdrop image big.png: 8000x8000 px is over the limit of 33554432 pixels (16384 a side)\n", "\(huge.stderr)")

        let directoryGiven = try strata(["render", "alert", "--backdrop", "."], in: dir)
        #expect(directoryGiven.status == 2 && directoryGiven.stderr.contains(".: is a directory, not a PNG file"), "\(directoryGiven.stderr)")
        // No frame was written by any of them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["bad.png", "big.png"])
    }

    @Test func helpDescribesTheOption() throws {
        let r = try strata(["help", "alert"], in: try directory("help"))
        #expect(r.stdout.contains("--backdrop PNG"), "\(r.stdout)")
    }
}
