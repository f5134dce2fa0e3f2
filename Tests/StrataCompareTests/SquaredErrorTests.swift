import StrataCompare
import StrataModel
import Testing

/// PSNR pooled over frames and regions, on frames whose error is known by hand.
@Suite struct SquaredErrorTests {
    let white = TestImages.uniform(width: 2, height: 2, TestImages.grey(255))

    @Test func oneChannelOffByTenOnFourPixels() throws {
        var e = SquaredError()
        try e.add(expected: white, actual: TestImages.changing(white, [(1, 0, (245, 255, 255, 255))]))
        // 10² over 4 pixels x 3 channels: MSE 100/12, PSNR 10 log10(65025 x 12 / 100).
        #expect(e.sum == 100 && e.samples == 12)
        #expect(abs(e.meanSquaredError - 100.0 / 12) < 1e-12)
        #expect(abs(e.psnr - 38.922_62) < 1e-4)
    }

    @Test func blackAgainstWhiteIsZeroDecibels() throws {
        var e = SquaredError()
        let one = TestImages.uniform(width: 1, height: 1, TestImages.grey(255))
        try e.add(expected: one, actual: TestImages.uniform(width: 1, height: 1, TestImages.grey(0)))
        #expect(e.sum == 3 * 255 * 255 && e.meanSquaredError == 65025 && e.psnr == 0)
    }

    @Test func framesArePooledByTheirTotalError() throws {
        var pooled = SquaredError()
        try pooled.add(expected: white, actual: white)
        var second = SquaredError()
        let one = TestImages.uniform(width: 1, height: 1, TestImages.grey(255))
        try second.add(expected: one, actual: TestImages.uniform(width: 1, height: 1, (255, 225, 255, 255)))
        #expect(second.sum == 900 && second.samples == 3)
        pooled += second
        // 900 over 15 channel values: MSE 60, not the mean of +inf and 33.4 dB.
        #expect(pooled.sum == 900 && pooled.samples == 15 && pooled.meanSquaredError == 60)
        #expect(abs(pooled.psnr - 30.349_29) < 1e-4)
    }

    @Test func onlyTheIncludedPixelsCount() throws {
        let actual = TestImages.changing(white, [(1, 0, TestImages.grey(0)), (0, 1, (255, 250, 255, 255))])
        var left = SquaredError()
        try left.add(expected: white, actual: actual, where: { x, _ in x == 0 })
        #expect(left.sum == 25 && left.samples == 6)
        var none = SquaredError()
        try none.add(expected: white, actual: actual, where: { _, _ in false })
        #expect(none.samples == 0 && none.meanSquaredError == 0 && none.psnr == .infinity)
    }

    @Test func identicalFramesHaveInfinitePSNR() throws {
        var e = SquaredError()
        try e.add(expected: white, actual: white)
        #expect(e.sum == 0 && e.samples == 12 && e.psnr == .infinity)
    }

    /// Frames are compared as they look over white, as the comparator does: clear equals
    /// white, and half-transparent black equals the grey it shows.
    @Test func translucentPixelsCountAsSeenOverWhite() throws {
        var e = SquaredError()
        let clear = TestImages.uniform(width: 1, height: 1, (0, 0, 0, 0))
        try e.add(expected: TestImages.uniform(width: 1, height: 1, TestImages.grey(255)), actual: clear)
        try e.add(expected: TestImages.uniform(width: 1, height: 1, TestImages.grey(127)),
                  actual: TestImages.uniform(width: 1, height: 1, (0, 0, 0, 128)))
        #expect(e.sum == 0 && e.samples == 6)
    }

    @Test func framesOfDifferentSizesAreRefused() {
        var e = SquaredError()
        #expect(throws: Diagnostic.self) {
            try e.add(expected: white, actual: TestImages.uniform(width: 3, height: 2, TestImages.grey(255)))
        }
        #expect(e.samples == 0)
    }
}
