import Foundation

/// One frame's line in a report: its numbers and, for a failure, the three images.
public struct ReportEntry: Sendable {
    public var name: String
    public var result: FrameComparison?
    /// Why there are no numbers, e.g. "no reference frame".
    public var problem: String?
    /// PNG bytes; only failing entries need them.
    public var expectedPNG: [UInt8]?
    public var actualPNG: [UInt8]?
    public var diffPNG: [UInt8]?
    /// Written as a new reference on purpose (record mode): counts as passing.
    public var recorded = false
    /// The side a frame is missing from: "expected" (no reference), "actual" (a
    /// reference the replay has no frame for); nil when both are there.
    public var missing: String?
    /// Where the failing frame's images were written (`ArtifactLayout`), for links.
    public var artifacts: ArtifactPaths?

    public init(name: String, result: FrameComparison?, problem: String? = nil,
                expectedPNG: [UInt8]? = nil, actualPNG: [UInt8]? = nil, diffPNG: [UInt8]? = nil) {
        self.name = name; self.result = result; self.problem = problem
        self.expectedPNG = expectedPNG; self.actualPNG = actualPNG; self.diffPNG = diffPNG
    }

    public var passed: Bool { recorded || (problem == nil && (result?.passed ?? false)) }

    /// What was found, in one line: the one wording of the CLI, the JUnit file and the report.
    public var summary: String {
        if let problem { return problem }
        guard let r = result else { return recorded ? "recorded" : "failed" }
        if !r.sizeMatches { return "size \(r.actualWidth)x\(r.actualHeight), reference \(r.width)x\(r.height)" }
        let psnr = r.psnr.isInfinite ? "inf" : String(format: "%.2f dB", r.psnr)
        return (r.diffPixels == 1 ? "1 pixel differs" : "\(r.diffPixels) pixels differ") + " (\(String(format: "%.4f%%", r.ratio * 100))), \(r.aaPixels) AA, "
            + "max delta \(r.maxChannelDelta), PSNR \(psnr)" + (r.maskedPixels > 0 ? ", \(r.maskedPixels) masked" : "")
    }
}
