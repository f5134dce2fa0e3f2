import StrataCompare
import StrataModel
import Testing

@Suite struct DiffImageTests {
    @Test func marksDifferencesRedAntialiasingYellowAndFadesTheRest() {
        // A soft edge that moves by one pixel (anti-aliasing), plus one real change far from it.
        let expected = TestImages.softVerticalEdge(width: 12, height: 8, edge: 5)
        let actual = TestImages.changing(TestImages.softVerticalEdge(width: 12, height: 8, edge: 6), [(10, 4, TestImages.grey(0))])
        let (result, diff) = FrameComparator.compareWithDiffImage(expected: expected, actual: actual)
        #expect(result.diffPixels == 1 && result.aaPixels == 16)
        guard let diff else { Issue.record("no diff image"); return }
        #expect(diff.width == 12 && diff.height == 8)

        #expect(diff.pixel(x: 10, y: 4) == (255, 0, 0, 255))
        #expect(diff.pixel(x: 5, y: 0) == (255, 255, 0, 255))
        #expect(diff.pixel(x: 6, y: 7) == (255, 255, 0, 255))
        // Unchanged: 255 + 0.1·(Y − 255). Black → 229.5, stored as 230; white stays white.
        #expect(diff.pixel(x: 0, y: 0) == (230, 230, 230, 255))
        #expect(diff.pixel(x: 11, y: 7) == (255, 255, 255, 255))
    }

    @Test func unchangedPixelsAreAFadedGreyOfTheExpectedFrame() {
        let expected = TestImages.make(width: 4, height: 1) { x, _ in
            [TestImages.grey(128), (255, 0, 0, 255), (0, 0, 0, 0), (0, 0, 128, 128)][x]
        }
        let diff = FrameComparator.compareWithDiffImage(expected: expected, actual: expected).diffImage!
        #expect(diff.pixel(x: 0, y: 0) == (242, 242, 242, 255))  // 255 + 0.1·(128 − 255) = 242.3
        #expect(diff.pixel(x: 1, y: 0) == (237, 237, 237, 255))  // Y(red) = 76.2 → 237.12
        #expect(diff.pixel(x: 2, y: 0) == (255, 255, 255, 255))  // transparent fades to white
        // Half-transparent blue: 255 + 0.1·(Y(0,0,128) − 128) = 243.66 → 244.
        #expect(diff.pixel(x: 3, y: 0) == (244, 244, 244, 255))
    }

    @Test func identicalRowsAndDifferingRowsFadeAlike() {
        let expected = TestImages.make(width: 16, height: 4) { x, y in (UInt8(x * 16), UInt8(y * 60), 90, 255) }
        let actual = TestImages.changing(expected, [(15, 2, TestImages.grey(255))])
        let diff = FrameComparator.compareWithDiffImage(expected: expected, actual: actual).diffImage!
        let same = FrameComparator.compareWithDiffImage(expected: expected, actual: expected).diffImage!
        for x in 0..<15 { #expect(diff.pixel(x: x, y: 2) == same.pixel(x: x, y: 2)) }
        #expect(diff.pixel(x: 15, y: 2) == (255, 0, 0, 255))
    }

    @Test func exactModeMarksEveryChangedPixelRed() {
        let expected = TestImages.uniform(width: 3, height: 3, TestImages.grey(100))
        let actual = TestImages.changing(expected, [(1, 1, TestImages.grey(101))])
        let diff = FrameComparator.compareWithDiffImage(expected: expected, actual: actual, options: .exact).diffImage!
        #expect(diff.pixel(x: 1, y: 1) == (255, 0, 0, 255))
        #expect(diff.pixel(x: 0, y: 0) == (240, 240, 240, 255))  // 255 + 0.1·(100 − 255) = 239.5 → 240
    }
}
