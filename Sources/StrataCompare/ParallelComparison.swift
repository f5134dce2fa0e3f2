import Dispatch
import StrataModel

/// Many comparisons at once, one pair per core: a single comparison is memory-bound and
/// short, so pairs, not rows, are the unit worth spreading.
public enum ParallelComparison {
    /// `transform(i)` for every i in 0..<count, run concurrently; results in index order.
    /// Suits whole per-frame pipelines (decode, compare, write the diff) so that only
    /// a couple of frames are in memory at a time.
    public static func map<T>(count: Int, _ transform: (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let slots = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
        defer { slots.baseAddress!.deinitialize(count: count); slots.deallocate() }
        // Each iteration initialises its own slot and no other, so no lock is needed.
        DispatchQueue.concurrentPerform(iterations: count) { i in
            (slots.baseAddress! + i).initialize(to: transform(i))
        }
        return Array(slots)
    }

    public static func compare(_ pairs: [(expected: Image, actual: Image)],
                               options: CompareOptions = CompareOptions()) -> [FrameComparison] {
        map(count: pairs.count) { FrameComparator.compare(expected: pairs[$0].expected, actual: pairs[$0].actual, options: options) }
    }

    public static func compareWithDiffImages(_ pairs: [(expected: Image, actual: Image)],
                                             options: CompareOptions = CompareOptions()) -> [(result: FrameComparison, diffImage: Image?)] {
        map(count: pairs.count) {
            FrameComparator.compareWithDiffImage(expected: pairs[$0].expected, actual: pairs[$0].actual, options: options)
        }
    }
}
