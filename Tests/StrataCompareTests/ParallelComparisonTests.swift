import StrataCompare
import StrataModel
import Testing

@Suite struct ParallelComparisonTests {
    @Test func comparesManyPairsInIndexOrder() {
        let base = TestImages.uniform(width: 32, height: 16, TestImages.grey(90))
        let pairs = (0..<9).map { n in
            (expected: base, actual: TestImages.changing(base, (0..<n).map { ($0, $0 % 16, TestImages.grey(250)) }))
        }
        let results = ParallelComparison.compare(pairs)
        #expect(results.map(\.diffPixels) == Array(0..<9))
        #expect(results == pairs.map { FrameComparator.compare(expected: $0.expected, actual: $0.actual) })

        let withDiffs = ParallelComparison.compareWithDiffImages(pairs)
        #expect(withDiffs.map(\.result) == results)
        #expect(withDiffs.allSatisfy { $0.diffImage?.width == 32 })
    }

    @Test func mapHandlesNoWorkAndKeepsOrder() {
        #expect(ParallelComparison.map(count: 0) { $0 }.isEmpty)
        #expect(ParallelComparison.map(count: 100) { "\($0)" } == (0..<100).map { "\($0)" })
    }

    @Test func forEachInOrderHandsEveryResultOverInIndexOrder() throws {
        var seen: [(Int, String)] = []
        try ParallelComparison.forEachInOrder(count: 200, { "\($0 * 3)" }) { i, value in seen.append((i, value)) }
        #expect(seen.map(\.0) == Array(0..<200))
        #expect(seen.map(\.1) == (0..<200).map { "\($0 * 3)" })
        try ParallelComparison.forEachInOrder(count: 0, { $0 }) { _, _ in Issue.record("no index, no call") }
    }

    @Test func forEachInOrderStopsAtTheFirstErrorAndRethrowsIt() {
        struct Unreadable: Error, Equatable { let index: Int }
        var seen: [Int] = []
        #expect(throws: Unreadable(index: 5)) {
            try ParallelComparison.forEachInOrder(count: 500, { $0 }) { i, _ in
                if i == 5 || i == 7 { throw Unreadable(index: i) }
                seen.append(i)
            }
        }
        // Nothing after the failing index is handed over, though later ones may have run.
        #expect(seen == [0, 1, 2, 3, 4])
    }

    @Test func fullHDFrame() {
        let expected = TestImages.make(width: 1920, height: 1080) { x, y in (UInt8(x & 255), UInt8(y & 255), 128, 255) }
        let actual = TestImages.changing(expected, [(0, 0, (255, 0, 0, 255)), (1919, 1079, (0, 255, 255, 255)), (960, 540, (0, 0, 0, 255))])
        let (r, diff) = FrameComparator.compareWithDiffImage(expected: expected, actual: actual)
        #expect(r.diffPixels == 3)
        #expect(r.firstDifferences == [PixelCoordinate(x: 0, y: 0), PixelCoordinate(x: 960, y: 540), PixelCoordinate(x: 1919, y: 1079)])
        #expect(diff!.pixel(x: 1919, y: 1079) == (255, 0, 0, 255))
    }
}
