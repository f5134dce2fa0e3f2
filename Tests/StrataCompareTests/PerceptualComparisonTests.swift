import StrataCompare
import StrataModel
import Testing

@Suite struct PerceptualComparisonTests {
    let field = TestImages.uniform(width: 20, height: 10, TestImages.grey(128))

    @Test func identicalImagesPass() {
        let r = FrameComparator.compare(expected: field, actual: TestImages.uniform(width: 20, height: 10, TestImages.grey(128)))
        #expect(r.passed)
        #expect(r.diffPixels == 0 && r.aaPixels == 0 && r.maxChannelDelta == 0)
        #expect(r.psnr == .infinity)
        #expect(r.ratio == 0 && r.firstDifferences.isEmpty)
        #expect(r.width == 20 && r.height == 10 && r.sizeMatches)
    }

    @Test func oneChangedPixelFailsWithItsCoordinates() {
        let actual = TestImages.changing(field, [(7, 3, (255, 0, 0, 255))])
        let r = FrameComparator.compare(expected: field, actual: actual)
        #expect(!r.passed)
        #expect(r.diffPixels == 1)
        #expect(r.firstDifferences == [PixelCoordinate(x: 7, y: 3)])
        #expect(r.ratio == 1.0 / 200)
        #expect(r.maxChannelDelta == 128)
        #expect(r.psnr.isFinite && r.psnr > 0)
    }

    @Test func changesOnTheBorderAndCornersAreFound() {
        let corners = [(0, 0), (19, 0), (0, 9), (19, 9), (10, 0)]
        let actual = TestImages.changing(field, corners.map { ($0.0, $0.1, TestImages.grey(0)) })
        let r = FrameComparator.compare(expected: field, actual: actual)
        #expect(r.diffPixels == corners.count)
        #expect(r.firstDifferences == [(0, 0), (10, 0), (19, 0), (0, 9), (19, 9)].map { PixelCoordinate(x: $0.0, y: $0.1) })
    }

    @Test func reportedCoordinatesAreLimited() {
        let actual = TestImages.uniform(width: 20, height: 10, TestImages.grey(0))
        let r = FrameComparator.compare(expected: field, actual: actual, options: CompareOptions(reportedDifferenceLimit: 3))
        #expect(r.diffPixels == 200)
        #expect(r.firstDifferences == [PixelCoordinate(x: 0, y: 0), PixelCoordinate(x: 1, y: 0), PixelCoordinate(x: 2, y: 0)])
    }

    @Test func anAntialiasedEdgeMovedByOnePixelIsAntialiasingNotADifference() {
        let expected = TestImages.softVerticalEdge(edge: 5), actual = TestImages.softVerticalEdge(edge: 6)
        let r = FrameComparator.compare(expected: expected, actual: actual)
        // Columns 5 (grey→black) and 6 (white→grey) change on every row.
        #expect(r.aaPixels == 2 * 8)
        #expect(r.diffPixels == 0)
        #expect(r.passed)

        let counted = FrameComparator.compare(expected: expected, actual: actual, options: CompareOptions(includeAA: true))
        #expect(counted.diffPixels == 2 * 8)
        #expect(counted.aaPixels == 0)
        #expect(!counted.passed)
    }

    @Test func aHardEdgeMovedByOnePixelIsADifference() {
        let hard = { (edge: Int) in TestImages.make(width: 12, height: 8) { x, _ in TestImages.grey(x < edge ? 0 : 255) } }
        let r = FrameComparator.compare(expected: hard(5), actual: hard(6))
        #expect(r.diffPixels == 8)
        #expect(r.aaPixels == 0)
    }

    @Test func transparentIsWhiteBecausePixelsAreSeenOverWhite() {
        let clear = TestImages.uniform(width: 5, height: 5, (0, 0, 0, 0))
        let white = TestImages.uniform(width: 5, height: 5, TestImages.grey(255))
        let black = TestImages.uniform(width: 5, height: 5, TestImages.grey(0))

        let overWhite = FrameComparator.compare(expected: clear, actual: white)
        #expect(overWhite.diffPixels == 0 && overWhite.passed)
        #expect(overWhite.maxChannelDelta == 255)  // the bytes do differ
        #expect(overWhite.psnr == .infinity)       // but what is seen does not

        let overBlack = FrameComparator.compare(expected: clear, actual: black)
        #expect(overBlack.diffPixels == 25 && !overBlack.passed)

        // One transparent pixel against white in an otherwise white frame.
        let hole = TestImages.changing(white, [(2, 2, (0, 0, 0, 0))])
        #expect(FrameComparator.compare(expected: hole, actual: white).diffPixels == 0)
        #expect(FrameComparator.compare(expected: hole, actual: black).diffPixels == 25)
    }

    @Test func translucentPixelsMatchPixelmatchBlendOfStraightAlpha() {
        // Straight red at alpha 128 over white is, in pixelmatch, 255 + (c − 255)·128/255
        // per channel: (255, 127.0, 127.0). Stored premultiplied it must look the same.
        var translucent = Image(width: 4, height: 4, fill: .white)
        translucent.fill(x: 0, y: 0, width: 4, height: 4, Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        let blended = TestImages.uniform(width: 4, height: 4, (255, 127, 127, 255))
        let r = FrameComparator.compare(expected: translucent, actual: blended, options: CompareOptions(threshold: 0.01))
        #expect(r.diffPixels == 0)
        let darker = TestImages.uniform(width: 4, height: 4, (255, 110, 110, 255))
        #expect(FrameComparator.compare(expected: translucent, actual: darker, options: CompareOptions(threshold: 0.01)).diffPixels == 16)
    }

    @Test func thresholdSetsHowLargeAColourChangeMustBe() {
        let actual = TestImages.changing(field, [(4, 4, TestImages.grey(148))])
        #expect(FrameComparator.compare(expected: field, actual: actual, options: CompareOptions(threshold: 0.5)).passed)
        #expect(FrameComparator.compare(expected: field, actual: actual).passed)  // default 0.1
        let strict = FrameComparator.compare(expected: field, actual: actual, options: CompareOptions(threshold: 0.01))
        #expect(!strict.passed && strict.diffPixels == 1)
        // Threshold 0 counts any visible change.
        #expect(FrameComparator.compare(expected: field, actual: actual, options: CompareOptions(threshold: 0)).diffPixels == 1)
    }

    @Test func exactModeCatchesAOneUnitChangeThePerceptualModeTolerates() {
        let actual = TestImages.changing(field, [(9, 9, (129, 128, 128, 255))])
        let perceptual = FrameComparator.compare(expected: field, actual: actual, options: CompareOptions(threshold: 0.01))
        #expect(perceptual.passed && perceptual.diffPixels == 0)
        #expect(perceptual.maxChannelDelta == 1)

        let exact = FrameComparator.compare(expected: field, actual: actual, options: .exact)
        #expect(!exact.passed && exact.diffPixels == 1)
        #expect(exact.firstDifferences == [PixelCoordinate(x: 9, y: 9)])
    }

    @Test func exactModeSeesAlphaTheEyeDoesNotAndSetsNoEdgeAside() {
        let clear = TestImages.uniform(width: 3, height: 3, (0, 0, 0, 0))
        let white = TestImages.uniform(width: 3, height: 3, TestImages.grey(255))
        #expect(FrameComparator.compare(expected: clear, actual: white, options: .exact).diffPixels == 9)
        let edge = FrameComparator.compare(expected: TestImages.softVerticalEdge(edge: 5), actual: TestImages.softVerticalEdge(edge: 6), options: .exact)
        #expect(edge.diffPixels == 16 && edge.aaPixels == 0)
    }

    @Test func sizeMismatchIsAFailedResultWithBothSizes() {
        let smaller = TestImages.uniform(width: 20, height: 8, TestImages.grey(128))
        let (r, diff) = FrameComparator.compareWithDiffImage(expected: field, actual: smaller)
        #expect(!r.passed && !r.sizeMatches)
        #expect(r.width == 20 && r.height == 10 && r.actualWidth == 20 && r.actualHeight == 8)
        #expect(r.diffPixels == 200 && r.ratio == 1)
        #expect(diff == nil)
        // Even a tolerance of everything does not pass frames that cannot be compared.
        #expect(!FrameComparator.compare(expected: field, actual: smaller, options: CompareOptions(tolerance: .maxDiffRatio(1))).passed)
    }

    @Test func emptyAndSinglePixelFramesCompare() {
        let empty = Image(width: 0, height: 0, pixels: [])
        let r = FrameComparator.compareWithDiffImage(expected: empty, actual: empty)
        #expect(r.result.passed && r.result.ratio == 0 && r.diffImage?.pixels.isEmpty == true)
        let one = FrameComparator.compare(expected: TestImages.uniform(width: 1, height: 1, TestImages.grey(0)),
                                          actual: TestImages.uniform(width: 1, height: 1, TestImages.grey(255)))
        #expect(one.diffPixels == 1)
        let column = FrameComparator.compare(expected: TestImages.uniform(width: 1, height: 5, TestImages.grey(0)),
                                             actual: TestImages.changing(TestImages.uniform(width: 1, height: 5, TestImages.grey(0)), [(0, 2, TestImages.grey(255))]))
        #expect(column.diffPixels == 1)
    }
}
