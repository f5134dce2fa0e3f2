import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

@Suite struct PNGTests {
    @Test func roundTripKeepsPixels() throws {
        var image = Image(width: 3, height: 2, fill: .white)
        image.setPixel(x: 1, y: 1, Color(red: 0.2, green: 0.4, blue: 0.6))
        image.setPixel(x: 2, y: 0, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        for filter in PNG.Options.Filter.allCases {
            let bytes = try PNG.encode(image, options: .init(compressionLevel: 6, filter: filter))
            let back = try PNG.decode(bytes)
            #expect(back.width == 3 && back.height == 2)
            #expect(back.pixels == image.pixels)
        }
    }

    @Test func corruptAndTruncatedFilesGiveClearErrors() throws {
        let good = try PNG.encode(Image(width: 8, height: 8, fill: .red))
        #expect(throws: RenderError.png("x.png: not a PNG file (bad signature)")) {
            try PNG.decode(Array("hello".utf8), name: "x.png")
        }
        #expect(throws: RenderError.self) { try PNG.decode(Array(good.prefix(good.count / 2)), name: "half.png") }
        var flipped = good
        flipped[40] ^= 0xFF
        #expect(throws: RenderError.self) { try PNG.decode(flipped, name: "bad.png") }
    }

    @Test func imagesOverTheSizeLimitAreRefused() throws {
        let wide = try PNG.encode(Image(width: 40, height: 2, fill: .red))
        do {
            _ = try PNG.decode(wide, name: "wide.png", maximumSide: 32)
            Issue.record("should have refused a 40 px wide image")
        } catch let e as RenderError {
            #expect(e.description.hasPrefix("wide.png:"))
        }
    }

    @Test func writeIsAtomicAndReadNamesMissingFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-png-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.png").path
        try PNG.write(Image(width: 4, height: 4, fill: .blue), to: path)
        #expect(try PNG.read(path: path).rgba(1, 1) == RGBA(0, 0, 255))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.png"])
        #expect(throws: RenderError.io("\(dir.path)/nope.png: no such file")) { try PNG.read(path: dir.path + "/nope.png") }
        #expect(throws: RenderError.self) { try PNG.write(Image(width: 1, height: 1), to: dir.path + "/missing/dir/x.png") }
    }
}
