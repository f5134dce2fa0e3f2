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
        let deflaters: [PNG.Options.Deflater] = [.libdeflate, .isal, .zlib(.default), .zlib(.rle)]
        for filter in PNG.Options.Filter.allCases {
            for deflater in deflaters {
                // ISA-L's own levels are 0, 1 and 3; 6 is taken as 3.
                for level in deflater == .isal ? [0, 1, 3, 6] : [6] {
                    let bytes = try PNG.encode(image, options: .init(compressionLevel: level, filter: filter, deflater: deflater))
                    let back = try PNG.decode(bytes)
                    #expect(back.width == 3 && back.height == 2)
                    #expect(back.pixels == image.pixels, "\(filter), \(deflater), level \(level)")
                }
            }
        }
    }

    /// Frames written out are deflated by ISA-L (`.fast`), references by libdeflate
    /// (`.compact`, the smaller file git keeps); `--png-level` 1 is `.fast`, 0 and 2...9
    /// libdeflate's levels.
    @Test func eachUseHasItsDeflater() {
        #expect(PNG.Options.fast.deflater == .isal && PNG.Options.fast.compressionLevel == 1)
        #expect(PNG.Options.compact.deflater == .libdeflate && PNG.Options.compact.compressionLevel == 1)
        #expect(PNG.Options.level(1) == .fast)
        for n in [0, 2, 5, 9] { #expect(PNG.Options.level(n) == .init(compressionLevel: n, deflater: .libdeflate)) }
    }

    /// Runs of equal bytes (a still background), noise (which does not compress and is
    /// stored), and a frame of both round-trip through ISA-L at a frame's size, its file
    /// no larger than the rows it holds plus the chunks and stored blocks' headers.
    @Test func isalDeflatesRunsAndNoise() throws {
        var seed: UInt32 = 2029
        func random() -> UInt8 { seed = seed &* 1_103_515_245 &+ 12345; return UInt8(truncatingIfNeeded: seed >> 24) }
        let width = 320, height = 200, count = width * height * 4
        let noise = Image(width: width, height: height, pixels: (0..<count).map { $0 % 4 == 3 ? 255 : random() })
        let blue = Image(width: width, height: height, fill: Color(red: 0.2, green: 0.4, blue: 0.8)).pixels
        let half = Image(width: width, height: height,
                         pixels: (0..<count).map { $0 < count / 2 && $0 % 4 != 3 ? random() : blue[$0] })
        for image in [Image(width: width, height: height, fill: .white), noise, half] {
            let bytes = try PNG.encode(image, options: .fast)
            #expect(try PNG.decode(bytes).pixels == image.pixels)
            #expect(bytes.count <= height * (width * 4 + 1) + 2_000)
        }
        // A frame of one color is under 1% of its rows' 256 KB.
        let white = try PNG.encode(Image(width: width, height: height, fill: .white), options: .fast).count
        #expect(white < count / 100, "\(white) bytes")
    }

    /// What libdeflate and ISA-L write is a standard PNG: ImageMagick (which reads with
    /// libpng) sees exactly the pixels of the file libpng and zlib wrote, for every filter,
    /// on a frame with semi-transparent pixels and rows that each filter suits.
    @Test func libdeflateAndISALFilesReadAsTheLibpngOnesDo() throws {
        var image = Image(width: 97, height: 61, fill: .white)
        for y in 0..<61 {
            for x in 0..<97 where (x * 7 + y * 3) % 5 != 0 {
                image.setPixel(x: x, y: y, Color(red: Double(x) / 96, green: Double(y) / 60, blue: 0.5,
                                                 alpha: y < 30 ? 1 : Double(x % 16) / 15))
            }
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-png-std-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let baseline = dir.appendingPathComponent("zlib.png").path
        try PNG.write(image, to: baseline, options: .init(compressionLevel: 6, filter: .adaptive, deflater: .zlib(.default)))
        for filter in PNG.Options.Filter.allCases { for deflater in [PNG.Options.Deflater.libdeflate, .isal] {
            let path = dir.appendingPathComponent("\(deflater)-\(filter).png").path
            try PNG.write(image, to: path, options: .init(compressionLevel: 1, filter: filter, deflater: deflater))
            #expect(try PNG.read(path: path).pixels == PNG.read(path: baseline).pixels)
            let compare = childProcess("/usr/bin/compare")
            compare.arguments = ["-metric", "AE", path, baseline, "null:"]
            let errors = Pipe()
            compare.standardError = errors
            compare.standardOutput = FileHandle.nullDevice
            try compare.run()
            compare.waitUntilExit()
            let metric = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(compare.terminationStatus == 0 && metric.hasPrefix("0"), "\(deflater), \(filter): \(metric)")
        } }
    }

    /// Files written by libpng (zlib, several IDAT chunks when large) decode to what was
    /// encoded, through either reader.
    @Test func largeZlibFilesWithManyChunksDecode() throws {
        var image = Image(width: 300, height: 200, fill: .black)
        for y in stride(from: 0, to: 200, by: 3) {
            for x in 0..<300 { image.setPixel(x: x, y: y, Color(red: Double((x * y) % 255) / 255, green: 0.3, blue: Double(x % 7) / 6)) }
        }
        let bytes = try PNG.encode(image, options: .init(compressionLevel: 0, filter: .none, deflater: .zlib(.default)))
        #expect(bytes.count > 200 * 300 * 4)  // stored: libpng splits it into 8 KB IDAT chunks
        #expect(try PNG.decode(bytes).pixels == image.pixels)
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
        #expect(throws: RenderError.io("\(dir.path)/nope.png: cannot read: No such file or directory")) { try PNG.read(path: dir.path + "/nope.png") }
        #expect(throws: RenderError.self) { try PNG.write(Image(width: 1, height: 1), to: dir.path + "/missing/dir/x.png") }
    }
}
