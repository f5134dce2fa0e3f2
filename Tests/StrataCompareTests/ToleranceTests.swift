import StrataCompare
import StrataModel
import Testing

@Suite struct ToleranceTests {
    let expected = TestImages.uniform(width: 10, height: 10, TestImages.grey(200))
    var threeChanged: Image { TestImages.changing(expected, [(1, 1, TestImages.grey(0)), (5, 5, TestImages.grey(0)), (8, 2, TestImages.grey(0))]) }

    @Test func defaultToleranceFailsOnAnyDifference() {
        #expect(!FrameComparator.compare(expected: expected, actual: threeChanged).passed)
    }

    @Test func maxDiffPixels() {
        let at = { (n: Int) in FrameComparator.compare(expected: expected, actual: threeChanged, options: CompareOptions(tolerance: .maxDiffPixels(n))) }
        #expect(at(3).passed)
        #expect(at(100).passed)
        #expect(!at(2).passed)
        #expect(at(2).diffPixels == 3)
    }

    @Test func maxDiffRatio() {
        let at = { (r: Double) in FrameComparator.compare(expected: expected, actual: threeChanged, options: CompareOptions(tolerance: .maxDiffRatio(r))) }
        #expect(at(0.03).passed)
        #expect(!at(0.02).passed)
        #expect(at(0.02).ratio == 0.03)
    }

    @Test func antialiasingDoesNotCountAgainstTheTolerance() {
        let r = FrameComparator.compare(expected: TestImages.softVerticalEdge(edge: 3), actual: TestImages.softVerticalEdge(edge: 4),
                                        options: CompareOptions(tolerance: .maxDiffPixels(0)))
        #expect(r.passed && r.aaPixels > 0)
    }
}
