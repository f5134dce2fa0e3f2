import Testing
import StrataCompare
import StrataModel

/// Masks: their pixels never count, overlapping ones count each pixel once, they are
/// magenta in the diff, and one with no area or outside the frame is an error.
@Suite struct MaskTests {
    static let white = TestImages.uniform(width: 20, height: 10, TestImages.grey(255))
    /// A 4x3 red block in the top-left corner, touching two borders.
    static let blocked = TestImages.make(width: 20, height: 10) { x, y in x < 4 && y < 3 ? (255, 0, 0, 255) : TestImages.grey(255) }

    static func exact(_ masks: [MaskRegion]) -> CompareOptions { CompareOptions(mode: .exact, masks: masks) }

    @Test func maskedPixelsNeverCount() throws {
        #expect(FrameComparator.compare(expected: Self.white, actual: Self.blocked, options: Self.exact([])).diffPixels == 12)
        let (r, diff) = FrameComparator.compareWithDiffImage(expected: Self.white, actual: Self.blocked,
                                                             options: Self.exact([MaskRegion(x: 0, y: 0, width: 4, height: 3)]))
        #expect(r.passed && r.diffPixels == 0 && r.maskedPixels == 12 && r.psnr.isInfinite && r.maxChannelDelta == 0)
        let d = try #require(diff)
        #expect(d.pixel(x: 0, y: 0) == (255, 0, 255, 255) && d.pixel(x: 3, y: 2) == (255, 0, 255, 255))
        // Outside the mask the diff is the faded frame: white stays white.
        #expect(d.pixel(x: 4, y: 2) == (255, 255, 255, 255) && d.pixel(x: 0, y: 3) == (255, 255, 255, 255))
        // The perceptual comparison masks the same way.
        let perceptual = FrameComparator.compare(expected: Self.white, actual: Self.blocked,
                                                 options: CompareOptions(masks: [MaskRegion(x: 0, y: 0, width: 4, height: 3)]))
        #expect(perceptual.passed && perceptual.maskedPixels == 12)
    }

    @Test func partialAndOverlappingMasks() {
        // Half the block masked: the other half, 2 x 3, still differs.
        let half = FrameComparator.compare(expected: Self.white, actual: Self.blocked,
                                           options: Self.exact([MaskRegion(x: 0, y: 0, width: 2, height: 3)]))
        #expect(half.diffPixels == 6 && half.maskedPixels == 6 && !half.passed)
        #expect(half.firstDifferences.first == PixelCoordinate(x: 2, y: 0))
        // Two overlapping masks cover the block; the overlap is counted once (12, not 15).
        let both = FrameComparator.compare(expected: Self.white, actual: Self.blocked,
                                           options: Self.exact([MaskRegion(x: 0, y: 0, width: 3, height: 3),
                                                                MaskRegion(x: 2, y: 0, width: 2, height: 3)]))
        #expect(both.passed && both.maskedPixels == 12)
        #expect(MaskRegion.coveredPixelCount([MaskRegion(x: 0, y: 0, width: 3, height: 3), MaskRegion(x: 2, y: 1, width: 5, height: 1)], height: 10) == 13)
        // A mask over the whole frame leaves nothing to compare.
        let all = FrameComparator.compare(expected: Self.white, actual: Self.blocked,
                                          options: Self.exact([MaskRegion(x: 0, y: 0, width: 20, height: 10)]))
        #expect(all.passed && all.maskedPixels == 200)
    }

    @Test func edgesOfTheFrame() throws {
        // Touching the right and bottom borders is inside.
        try MaskRegion.validate([MaskRegion(x: 16, y: 7, width: 4, height: 3), MaskRegion(x: 0, y: 0, width: 20, height: 10)], width: 20, height: 10)
        for outside in [MaskRegion(x: 17, y: 0, width: 4, height: 2), MaskRegion(x: 0, y: 9, width: 1, height: 2),
                        MaskRegion(x: -1, y: 0, width: 2, height: 2), MaskRegion(x: 30, y: 30, width: 1, height: 1)] {
            #expect(throws: Diagnostic.self) { try MaskRegion.validate([outside], width: 20, height: 10) }
        }
        let error = #expect(throws: Diagnostic.self) { try MaskRegion.validate([MaskRegion(x: 17, y: 0, width: 4, height: 2)], width: 20, height: 10) }
        #expect(error?.message == "mask 17,0,4,2 (pixels 17..<21 x 0..<2) is not inside the 20x10 frame")
        // Zero size: refused when parsed and when checked.
        #expect(throws: Diagnostic.self) { try MaskRegion(parsing: "0,0,0,5") }
        #expect(throws: Diagnostic.self) { try MaskRegion.validate([MaskRegion(x: 1, y: 1, width: 3, height: 0)], width: 20, height: 10) }
        // The reference checker refuses a mask that does not fit before comparing.
        let checker = ReferenceChecker(directory: "/nonexistent", options: Self.exact([MaskRegion(x: 18, y: 8, width: 3, height: 3)]))
        #expect(throws: Diagnostic.self) { try checker.check(Self.white, named: "x") }
    }

    @Test func parsingAndPoints() throws {
        #expect(try MaskRegion(parsing: "10,20,100,16") == MaskRegion(x: 10, y: 20, width: 100, height: 16))
        #expect(try MaskRegion(parsing: " 1, 2 ,3,4") == MaskRegion(x: 1, y: 2, width: 3, height: 4))
        for bad in ["1,2,3", "1,2,3,4,5", "a,b,c,d", "1.5,0,2,2", "", "1,,2,3"] {
            #expect(throws: Diagnostic.self) { try MaskRegion(parsing: bad) }
        }
        #expect(try MaskRegion.parsePoints("0.5,1,2.25,3") == Rect(x: 0.5, y: 1, width: 2.25, height: 3))
        for bad in ["1,2,3", "nan,0,1,1", "inf,0,1,1", "0,0,0,1", "1e999,0,1,1"] {
            #expect(throws: Diagnostic.self) { try MaskRegion.parsePoints(bad) }
        }
        // Points to pixels: origin rounded down, far edges up.
        #expect(MaskRegion(points: Rect(x: 0.5, y: 0.5, width: 1, height: 1), scale: 2, frameWidth: 40, frameHeight: 40)
                == MaskRegion(x: 1, y: 1, width: 2, height: 2))
        #expect(MaskRegion(points: Rect(x: 0.25, y: 0, width: 0.5, height: 1), scale: 1, frameWidth: 40, frameHeight: 40)
                == MaskRegion(x: 0, y: 0, width: 1, height: 1))
        // A view of 100.4 pt is 100 px at scale 1: a mask to its edge stays inside.
        #expect(MaskRegion(points: Rect(x: 0, y: 0, width: 100.4, height: 10), scale: 1, frameWidth: 100, frameHeight: 10).width == 100)
    }
}
