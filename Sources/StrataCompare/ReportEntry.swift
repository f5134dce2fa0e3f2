import Foundation

/// One frame's line in a report: its numbers and, for a failure, the three images.
public struct ReportEntry: Sendable {
    public var name: String
    public var result: FrameComparison?
    /// Why there are no numbers, e.g. "no reference frame".
    public var problem: String?
    /// The failing frame's images (only failing entries need them): in memory, or spooled
    /// to a file as the frame fails (`ImageSpool`), so a long failing run holds none.
    public var expectedImage: PNGData?
    public var actualImage: PNGData?
    public var diffImage: PNGData?
    /// The images' PNG bytes (read back from the spool when spooled).
    public var expectedPNG: [UInt8]? { get { expectedImage?.bytes } set { expectedImage = newValue.map(PNGData.bytes) } }
    public var actualPNG: [UInt8]? { get { actualImage?.bytes } set { actualImage = newValue.map(PNGData.bytes) } }
    public var diffPNG: [UInt8]? { get { diffImage?.bytes } set { diffImage = newValue.map(PNGData.bytes) } }
    /// Written as a new reference on purpose (record mode): counts as passing.
    public var recorded = false
    /// The side a frame is missing from: "expected" (no reference), "actual" (a
    /// reference the replay has no frame for); nil when both are there.
    public var missing: String?
    /// Where the failing frame's images were written (`ArtifactLayout`), for links.
    public var artifacts: ArtifactPaths?
    /// Why a failing frame differs, in the layer tree's words (`FrameExplanation`):
    /// `card (CALayer) backgroundColor #34C759 -> #30D158`.
    public var explanation: String?
    /// The frame's tree with its changes, for the report's layer inspector.
    public var inspection: FrameInspection?

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
