import Dispatch
import Foundation
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

    /// `transform(i)` for every i in 0..<count on every core, each result handed to `body`
    /// in index order as soon as it and every one before it are done (`body` runs on the
    /// worker that completed them, one call at a time), with no barrier between groups of
    /// indices: a core that finishes early takes the next index rather than waiting for
    /// the slowest of a batch. The first error `body` throws stops the work: indices not
    /// yet started are skipped, later results are dropped, and it is rethrown here.
    public static func forEachInOrder<T>(count: Int, _ transform: (Int) -> T, _ body: (Int, T) throws -> Void) throws {
        guard count > 0 else { return }
        let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.baseAddress!.deinitialize(count: count); slots.deallocate() }
        let lock = NSLock()
        var next = 0
        var failure: Error?
        DispatchQueue.concurrentPerform(iterations: count) { i in
            lock.lock()
            let stopped = failure != nil
            lock.unlock()
            if stopped { return }
            let result = transform(i)
            lock.lock()
            defer { lock.unlock() }
            slots[i] = result
            while failure == nil, next < count, let ready = slots[next] {
                slots[next] = nil
                do { try body(next, ready) } catch { failure = error }
                next += 1
            }
        }
        if let failure { throw failure }
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
