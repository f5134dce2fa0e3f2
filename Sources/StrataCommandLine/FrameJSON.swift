import Foundation
import StrataCompare
import StrataModel

/// One frame's outcome as a JSON object on one line, the same fields for `compare --json`
/// and `check --json` (which leads with the trace): name, width, height, actualWidth,
/// actualHeight, diffPixels, aaPixels, ratio, maxDelta, psnr (null when identical),
/// passed, firstDifferences and missing ("expected" or "actual"; its numbers null);
/// `check --json` adds a failing frame's "explanation" (issue 27), and the "problem" of an
/// entry without numbers (a missing reference, a track), last. Written by `JSONWriter`.
struct FrameJSON: Encodable {
    var trace: String?
    var name: String
    var result: FrameComparison?
    var missing: String?
    var passed: Bool?
    var explanation: String?
    var problem: String?

    /// The line's text.
    var line: String {
        get throws { try JSONWriter.encode(self) }
    }

    private enum Key: String, CodingKey {
        case trace, name, width, height, actualWidth, actualHeight, diffPixels, aaPixels, ratio, maxDelta, psnr, passed
        case firstDifferences, missing, explanation, problem
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encodeIfPresent(trace, forKey: .trace)
        try c.encode(name, forKey: .name)
        if let r = result {
            try c.encode(r.width, forKey: .width)
            try c.encode(r.height, forKey: .height)
            try c.encode(r.actualWidth, forKey: .actualWidth)
            try c.encode(r.actualHeight, forKey: .actualHeight)
            try c.encode(r.diffPixels, forKey: .diffPixels)
            try c.encode(r.aaPixels, forKey: .aaPixels)
            try c.encode(r.ratio, forKey: .ratio)
            try c.encode(r.maxChannelDelta, forKey: .maxDelta)
            try c.encode(r.psnr.isFinite ? r.psnr : nil, forKey: .psnr)
            try c.encode(passed ?? r.passed, forKey: .passed)
            try c.encode(r.firstDifferences.map { [$0.x, $0.y] }, forKey: .firstDifferences)
        } else {
            for key in [Key.width, .height, .actualWidth, .actualHeight, .diffPixels, .aaPixels, .ratio, .maxDelta, .psnr] {
                try c.encodeNil(forKey: key)
            }
            try c.encode(passed ?? false, forKey: .passed)
            try c.encode([[Int]](), forKey: .firstDifferences)
        }
        try c.encode(missing, forKey: .missing)
        try c.encodeIfPresent(explanation, forKey: .explanation)
        try c.encodeIfPresent(problem, forKey: .problem)
    }
}
