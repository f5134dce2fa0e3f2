import Foundation
import StrataModel

/// Compares an expected frame with an actual one, pixelmatch-style (see `CompareOptions`),
/// optionally drawing a diff image.
public enum FrameComparator {
    public static func compare(expected: Image, actual: Image,
                               options: CompareOptions = CompareOptions()) -> FrameComparison {
        run(expected: expected, actual: actual, options: options, drawingDiff: false).result
    }

    /// The diff image has the frames' size; nil when the sizes differ.
    public static func compareWithDiffImage(expected: Image, actual: Image,
                                            options: CompareOptions = CompareOptions()) -> (result: FrameComparison, diffImage: Image?) {
        run(expected: expected, actual: actual, options: options, drawingDiff: true)
    }

    private static func run(expected: Image, actual: Image, options: CompareOptions,
                            drawingDiff: Bool) -> (result: FrameComparison, diffImage: Image?) {
        guard expected.width == actual.width, expected.height == actual.height else {
            return (.sizeMismatch(expected: (expected.width, expected.height), actual: (actual.width, actual.height)), nil)
        }
        let byteCount = expected.width * expected.height * 4
        var tally = Tally(reportLimit: options.reportedDifferenceLimit)
        var diffImage: Image?
        expected.pixels.withUnsafeBytes { e in
            actual.pixels.withUnsafeBytes { a in
                let scan = Scan(expected: PixelGrid(bytes: e, width: expected.width, height: expected.height),
                                actual: PixelGrid(bytes: a, width: actual.width, height: actual.height),
                                options: options)
                if drawingDiff {
                    // Every byte is written by the scan, so the buffer needs no zeroing.
                    let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
                        tally = scan.runInBands(into: UnsafeMutableRawBufferPointer(buffer), reportLimit: options.reportedDifferenceLimit)
                        initialized = byteCount
                    }
                    diffImage = Image(width: expected.width, height: expected.height, pixels: pixels)
                } else {
                    tally = scan.runInBands(into: nil, reportLimit: options.reportedDifferenceLimit)
                }
            }
        }
        let pixelCount = expected.width * expected.height
        let result = FrameComparison(
            width: expected.width, height: expected.height, actualWidth: actual.width, actualHeight: actual.height,
            diffPixels: tally.diffPixels, aaPixels: tally.aaPixels, maxChannelDelta: Int(tally.maxChannelDelta),
            psnr: FrameComparison.psnr(squaredError: tally.squaredError, samples: pixelCount * 3),
            passed: options.passes(diffPixels: tally.diffPixels, pixelCount: pixelCount),
            firstDifferences: tally.firstDifferences, maskedPixels: tally.maskedPixels)
        return (result, diffImage)
    }
}

/// Running totals of one comparison.
private struct Tally {
    var diffPixels = 0
    var aaPixels = 0
    var maskedPixels = 0
    var maxChannelDelta: Int32 = 0
    var squaredError = 0
    /// Not reserved ahead: the result keeps this array, and a long `check` keeps every
    /// frame's result, so a frame without differences must hold no buffer.
    var firstDifferences: [PixelCoordinate] = []
    let reportLimit: Int

    init(reportLimit: Int) { self.reportLimit = reportLimit }
}

/// One pass over two frames of the same size. Identical rows (the common case between
/// renders) are found with memcmp and only faded into the diff image; within other rows,
/// identical pixels are one 32-bit compare. Only differing pixels pay for colour math.
private struct Scan {
    let expected: PixelGrid
    let actual: PixelGrid
    let options: CompareOptions
    let distanceLimit: Double

    init(expected: PixelGrid, actual: PixelGrid, options: CompareOptions) {
        self.expected = expected; self.actual = actual; self.options = options
        distanceLimit = YIQDistance.limit(threshold: options.threshold)
    }

    /// One band of rows per core: a single large comparison uses both cores. Bands only
    /// read across their edges (anti-aliasing looks at neighbours) and write their own
    /// rows of the diff image; their tallies merge in row order, so results are the same
    /// as one pass.
    func runInBands(into diff: UnsafeMutableRawBufferPointer?, reportLimit: Int) -> Tally {
        let height = expected.height
        let bands = height >= 128 ? max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8)) : 1
        var tallies = [Tally](repeating: Tally(reportLimit: reportLimit), count: bands)
        tallies.withUnsafeMutableBufferPointer { t in
            let base = t.baseAddress!
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let rows = (height * band / bands)..<(height * (band + 1) / bands)
                run(rows: rows, into: diff, tally: &base[band])
            }
        }
        var total = Tally(reportLimit: reportLimit)
        for t in tallies {
            total.diffPixels += t.diffPixels
            total.aaPixels += t.aaPixels
            total.maskedPixels += t.maskedPixels
            total.maxChannelDelta = max(total.maxChannelDelta, t.maxChannelDelta)
            total.squaredError += t.squaredError
            total.firstDifferences += t.firstDifferences.prefix(max(0, reportLimit - total.firstDifferences.count))
        }
        return total
    }

    func run(rows: Range<Int>, into diff: UnsafeMutableRawBufferPointer?, tally: inout Tally) {
        let width = expected.width, rowBytes = width * 4
        guard rowBytes > 0, let e = expected.bytes.baseAddress, let a = actual.bytes.baseAddress else { return }
        var fade = FadedGreyCache()
        var luma = (expected: LumaRows(expected), actual: LumaRows(actual))
        defer { luma.expected.deallocate(); luma.actual.deallocate() }
        for y in rows {
            let rowStart = y * width
            let masked = options.masks.isEmpty ? [] : MaskRegion.spans(options.masks, row: y)
            if masked.isEmpty {
                if memcmp(e + rowStart * 4, a + rowStart * 4, rowBytes) == 0 {
                    if let diff { fadeRow(from: rowStart, count: width, into: diff, cache: &fade) }
                    continue
                }
                for x in 0..<width { compare(x: x, y: y, index: rowStart + x, into: diff, fade: &fade, luma: &luma, tally: &tally) }
                continue
            }
            // A masked row: its masks' columns are painted and skipped, the rest compared.
            var next = 0
            for x in 0..<width {
                while next < masked.count && x >= masked[next].upperBound { next += 1 }
                if next < masked.count && masked[next].contains(x) {
                    tally.maskedPixels += 1
                    diff?.storeBytes(of: DiffPalette.masked.littleEndian, toByteOffset: (rowStart + x) * 4, as: UInt32.self)
                    continue
                }
                compare(x: x, y: y, index: rowStart + x, into: diff, fade: &fade, luma: &luma, tally: &tally)
            }
        }
    }

    @inline(__always) private func compare(x: Int, y: Int, index: Int, into diff: UnsafeMutableRawBufferPointer?,
                                           fade: inout FadedGreyCache, luma: inout (expected: LumaRows, actual: LumaRows),
                                           tally: inout Tally) {
        let p = expected.word(at: index), q = actual.word(at: index)
        if p == q {
            diff?.storeBytes(of: fade.grey(p).littleEndian, toByteOffset: index * 4, as: UInt32.self)
            return
        }
        let mark = examine(p, q, x: x, y: y, luma: &luma, tally: &tally)
        // The colour only when there is a diff image to put it in.
        diff?.storeBytes(of: mark.colour(p).littleEndian, toByteOffset: index * 4, as: UInt32.self)
    }

    /// A row the frames share: only the diff image has work to do.
    private func fadeRow(from start: Int, count: Int, into diff: UnsafeMutableRawBufferPointer, cache: inout FadedGreyCache) {
        for index in start..<(start + count) {
            diff.storeBytes(of: cache.grey(expected.word(at: index)).littleEndian, toByteOffset: index * 4, as: UInt32.self)
        }
    }

    /// What a pixel whose bytes differ is.
    private enum Mark {
        case unchanged, antialiasing, difference

        /// Its colour in the diff image; `p` is the expected pixel.
        @inline(__always) func colour(_ p: UInt32) -> UInt32 {
            switch self {
            case .unchanged: return DiffPalette.unchanged(p)
            case .antialiasing: return DiffPalette.antialiasing
            case .difference: return DiffPalette.difference
            }
        }
    }

    /// Classifies a pixel whose bytes differ. The anti-aliasing test, the costly part,
    /// runs only for pixels over the threshold.
    @inline(__always)
    private func examine(_ p: UInt32, _ q: UInt32, x: Int, y: Int, luma: inout (expected: LumaRows, actual: LumaRows),
                         tally: inout Tally) -> Mark {
        let seen = YIQDistance.visibleDifference(p, q)
        let largest = max(max(abs(p.red &- q.red), abs(p.green &- q.green)), max(abs(p.blue &- q.blue), abs(p.alpha &- q.alpha)))
        tally.maxChannelDelta = max(tally.maxChannelDelta, largest)
        tally.squaredError &+= Int(seen.r &* seen.r &+ seen.g &* seen.g &+ seen.b &* seen.b)

        switch options.mode {
        case .exact:
            break
        case .perceptual:
            if YIQDistance.squaredDistance(seen) <= distanceLimit { return .unchanged }
            if !options.includeAA,
               AntialiasingDetector.isAntialiased(x: x, y: y, in: expected, luma: &luma.expected, comparedWith: actual)
                || AntialiasingDetector.isAntialiased(x: x, y: y, in: actual, luma: &luma.actual, comparedWith: expected) {
                tally.aaPixels += 1
                return .antialiasing
            }
        }
        tally.diffPixels += 1
        if tally.firstDifferences.count < tally.reportLimit {
            tally.firstDifferences.append(PixelCoordinate(x: x, y: y))
        }
        return .difference
    }
}
