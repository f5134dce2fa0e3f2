/// How two frames are compared and when a comparison passes.
public struct CompareOptions: Sendable, Equatable {
    public enum Mode: Sendable, Equatable {
        /// pixelmatch's YIQ colour distance with anti-aliasing detection: tolerates what
        /// the eye does not see and edges that moved by a sub-pixel amount.
        case perceptual
        /// Any byte of the decoded (premultiplied) RGBA differs: for golden frames that
        /// must stay bit-identical. No threshold, no anti-aliasing detection.
        case exact
    }

    /// How many differing pixels a frame may have and still pass.
    public enum Tolerance: Sendable, Equatable {
        case maxDiffPixels(Int)
        /// Differing pixels over all pixels, 0...1.
        case maxDiffRatio(Double)
    }

    public var mode: Mode
    /// 0...1; the squared YIQ distance must exceed 35215 * threshold² to count. pixelmatch's
    /// default 0.1 ignores changes of a few units per channel.
    public var threshold: Double
    /// Count pixels on anti-aliased edges as differences instead of setting them aside.
    public var includeAA: Bool
    public var tolerance: Tolerance
    /// How many differing pixels' coordinates a result keeps, in scan order.
    public var reportedDifferenceLimit: Int
    /// Regions never compared (a clock, a caret); each must lie inside the frames.
    public var masks: [MaskRegion]

    public init(mode: Mode = .perceptual, threshold: Double = 0.1, includeAA: Bool = false,
                tolerance: Tolerance = .maxDiffPixels(0), reportedDifferenceLimit: Int = 10, masks: [MaskRegion] = []) {
        self.mode = mode; self.threshold = threshold; self.includeAA = includeAA
        self.tolerance = tolerance; self.reportedDifferenceLimit = max(0, reportedDifferenceLimit)
        self.masks = masks
    }

    public static let exact = CompareOptions(mode: .exact)

    /// The rules in words, as reports and JUnit say how frames were compared:
    /// `exactly`, `at threshold 0.1`, `at threshold 0.1, at most 5 differing pixels`.
    public var summary: String {
        var words: String
        switch mode {
        case .exact: words = "exactly"
        case .perceptual: words = "at threshold \(threshold)" + (includeAA ? ", anti-aliased pixels counted" : "")
        }
        switch tolerance {
        case .maxDiffPixels(0): break
        case .maxDiffPixels(let n): words += ", at most \(n) differing \(n == 1 ? "pixel" : "pixels")"
        case .maxDiffRatio(let r): words += ", at most \(r * 100)% of pixels differing"
        }
        return words + (masks.isEmpty ? "" : ", \(masks.count) masked \(masks.count == 1 ? "region" : "regions")")
    }

    func passes(diffPixels: Int, pixelCount: Int) -> Bool {
        switch tolerance {
        case .maxDiffPixels(let n): return diffPixels <= n
        case .maxDiffRatio(let r): return pixelCount == 0 ? diffPixels == 0 : Double(diffPixels) / Double(pixelCount) <= r
        }
    }
}
