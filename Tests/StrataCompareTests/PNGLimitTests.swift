import Foundation
import StrataCompare
import StrataImage
import StrataModel
import Testing

/// CRC-32 of PNG chunks (ISO 3309), to forge headers.
private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        c ^= UInt32(b)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return ~c
}

/// `png` with its IHDR claiming another size (CRC fixed, pixels unchanged).
private func claiming(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
    var b = png
    for (i, v) in [width, height].enumerated() {
        for k in 0..<4 { b[16 + i * 4 + k] = UInt8(truncatingIfNeeded: v >> (24 - 8 * UInt32(k))) }
    }
    let crc = crc32(b[12..<29])
    for k in 0..<4 { b[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
    return b
}

private func temporary(_ name: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-png-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

@Suite struct PNGLimitTests {
    let frame = TestImages.make(width: 40, height: 30) { x, y in (UInt8(x * 6), UInt8(y * 8), 77, 255) }

    @Test func aPNGOverThePixelLimitIsRefusedFromItsHeader() throws {
        let png = try PNG.encode(frame)
        #expect { _ = try PNG.decode(png, name: "f.png", pixelLimit: 1000) } throws: {
            "\($0)" == "f.png: 40x30 px is 1200 pixels, over the limit of 1000 (--max-pixels raises it)"
        }
        // A tiny file claiming 16000 x 16000: refused before 1 GiB is allocated.
        let forged = claiming(png, width: 16000, height: 16000)
        #expect { _ = try PNG.decode(forged, name: "bomb.png") } throws: {
            "\($0)" == "bomb.png: 16000x16000 px is 256000000 pixels, over the limit of 33554432 (--max-pixels raises it)"
        }
        #expect(try PNGHeader(forged, name: "bomb.png") == PNGHeader(width: 16000, height: 16000))
    }

    @Test func aFileReadsItsHeaderBeforeTheRest() throws {
        let dir = try temporary("header")
        let path = dir + "/f.png"
        // A header claiming a small size, followed by far more bytes than such a PNG can need.
        try Data(claiming(try PNG.encode(frame), width: 2, height: 2) + [UInt8](repeating: 0, count: 17 << 20))
            .write(to: URL(fileURLWithPath: path))
        #expect(try PNGHeader.read(path: path) == PNGHeader(width: 2, height: 2))
        #expect { _ = try PNG.read(path: path) } throws: { "\($0)".contains("is more than a 2x2 PNG can need") }
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        #expect { _ = try PNG.read(path: dir + "/fifo") } throws: { "\($0)" == "\(dir)/fifo: is a FIFO or pipe; strata reads PNGs only from regular files" }
        #expect { _ = try PNG.read(path: "") } throws: { "\($0)" == "'': an empty path is not a PNG file" }
        #expect { _ = try PNG.read(path: dir + "/none.png") } throws: { "\($0)" == "\(dir)/none.png: cannot read: No such file or directory" }
    }

    @Test func aReferenceOfAnotherSizeFailsWithoutBeingDecoded() throws {
        let dir = try temporary("mismatch")
        // A reference whose header says 400x300 but whose data is a 40x30 frame: decoding
        // it would fail, so passing proves only the header was read.
        try Data(claiming(try PNG.encode(frame), width: 400, height: 300)).write(to: URL(fileURLWithPath: dir + "/a.png"))
        let checker = ReferenceChecker(directory: dir)
        try checker.check(frame, named: "a")
        let entry = try #require(checker.result.entries.first)
        #expect(entry.result?.sizeMatches == false && entry.result?.width == 400 && entry.result?.actualWidth == 40)
    }

    @Test func withoutAReportOnlyNumbersAreKept() throws {
        let dir = try temporary("numbers")
        try PNG.write(frame, to: dir + "/a.png")
        let changed = TestImages.changing(frame, [(x: 3, y: 3, to: (255, 0, 0, 255))])
        for keeps in [true, false] {
            let checker = ReferenceChecker(directory: dir)
            checker.keepsImages = keeps
            try checker.check(changed, named: "a")
            try checker.check(changed, named: "missing")
            for entry in checker.result.entries {
                #expect(!entry.passed)
                #expect((entry.actualPNG != nil) == keeps)
            }
            #expect((checker.result.entries[0].expectedPNG != nil) == keeps && (checker.result.entries[0].diffPNG != nil) == keeps)
            #expect(checker.result.entries[0].result?.diffPixels == 1)
        }
    }
}

/// The inputs `make fuzz` found (Fuzz/Regressions/png): each is an error naming the file,
/// never a crash. (`make fuzz` replays them too, with its 2 s limit per input.)
@Suite struct PNGFuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Regressions/png").standardized.path

    @Test func everyKeptInputIsAnError() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: PNGFuzzRegressionTests.directory).sorted()
        #expect(names.contains("huge-chunk-length.png"))
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: PNGFuzzRegressionTests.directory + "/" + name)))
            #expect { _ = try PNG.decode(bytes, name: name) } throws: { "\($0)".hasPrefix(name + ": ") }
        }
    }
}
