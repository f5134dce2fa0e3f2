import Foundation
import StrataModel

/// A rectangle of a frame's pixels that a comparison ignores (Playwright's `mask`,
/// Paparazzi's ignored regions): a clock, a caret. Its pixels never count as
/// differences, anti-aliasing or error, and are drawn in `DiffPalette.masked` in a diff
/// image. Origin top-left, in pixels of the frame, as `Image`.
public struct MaskRegion: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// `X,Y,W,H` in whole pixels (`--mask`). A zero or negative size masks nothing and is
    /// refused as the mistake it is.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let numbers = parts.compactMap { word -> Int? in
            guard !word.isEmpty, word.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else { return nil }
            return Int(word)
        }
        guard parts.count == 4, numbers.count == 4 else {
            throw Diagnostic("mask '\(text)' must be X,Y,W,H in whole pixels, e.g. 10,20,100,16")
        }
        self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        if let problem = sizeProblem { throw Diagnostic(problem) }
    }

    /// The pixels a rectangle in view points covers at `scale`: the origin rounded down,
    /// the far edges up. A far edge that the rounding pushes less than a pixel past a
    /// frame of `frameWidth` x `frameHeight` (a view of fractional pixels) is pulled back.
    public init(points rect: Rect, scale: Double, frameWidth: Int, frameHeight: Int) {
        // Points beyond Int (1e300) clamp, and `validate` says the mask is not inside the frame.
        let x0 = Checked.clampedInt((rect.minX * scale).rounded(.down)), y0 = Checked.clampedInt((rect.minY * scale).rounded(.down))
        var x1 = Checked.clampedInt((rect.maxX * scale).rounded(.up)), y1 = Checked.clampedInt((rect.maxY * scale).rounded(.up))
        if x1 == frameWidth + 1 { x1 = frameWidth }
        if y1 == frameHeight + 1 { y1 = frameHeight }
        let (w, wOver) = x1.subtractingReportingOverflow(x0), (h, hOver) = y1.subtractingReportingOverflow(y0)
        self.init(x: x0, y: y0, width: wOver ? Int.max : w, height: hOver ? Int.max : h)
    }

    /// Masks in view points (a trace header's, `--mask-points`, `mask:`) as frame pixels.
    public static func pixels(fromPoints rects: [Rect], scale: Double, frameWidth: Int, frameHeight: Int) -> [MaskRegion] {
        rects.map { MaskRegion(points: $0, scale: scale, frameWidth: frameWidth, frameHeight: frameHeight) }
    }

    /// How far a mask in points may reach (a trace's coordinate range).
    public static let pointRange = -100_000.0...100_000.0

    /// `X,Y,W,H` in view points, plain decimals (`--mask-points`).
    public static func parsePoints(_ text: String) throws -> Rect {
        let n = text.split(separator: ",", omittingEmptySubsequences: false)
            .compactMap { Double(String($0).trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil } }
        guard n.count == 4, text.split(separator: ",", omittingEmptySubsequences: false).count == 4,
              !text.lowercased().contains(where: { "xnfi".contains($0) }) else {
            throw Diagnostic("mask '\(text)' must be X,Y,W,H in view points, e.g. 10,20,100,16.5")
        }
        guard n.allSatisfy(pointRange.contains) else {
            throw Diagnostic("mask '\(text)' lies beyond any view: each number must be within \(Int(pointRange.lowerBound))...\(Int(pointRange.upperBound)) points, as a trace's coordinates")
        }
        guard n[2] > 0, n[3] > 0 else { throw Diagnostic("mask '\(text)' has no area: width and height must be above 0") }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    public var description: String { "\(x),\(y),\(width),\(height)" }

    var sizeProblem: String? {
        width >= 1 && height >= 1 ? nil : "mask \(self) has no area: width and height must be at least 1 pixel"
    }

    /// Every mask must have an area and lie inside the frame (touching its border is
    /// fine); a mask outside says the frame is not the one the mask was written for.
    public static func validate(_ masks: [MaskRegion], width: Int, height: Int) throws {
        for m in masks {
            if let problem = m.sizeProblem { throw Diagnostic(problem) }
            guard let right = Checked.sum(m.x, m.width), let bottom = Checked.sum(m.y, m.height) else {
                throw Diagnostic("mask \(m) is not inside the \(width)x\(height) frame (its far edge is beyond any frame)")
            }
            guard m.x >= 0, m.y >= 0, right <= width, bottom <= height else {
                throw Diagnostic("mask \(m) (pixels \(m.x)..<\(right) x \(m.y)..<\(bottom)) is not inside the \(width)x\(height) frame")
            }
        }
    }

    /// The columns masked on row `y`: the masks crossing it, sorted and merged, so
    /// overlapping masks count each pixel once.
    static func spans(_ masks: [MaskRegion], row y: Int) -> [Range<Int>] {
        let crossing = masks.filter { y >= $0.y && y < $0.y + $0.height }.map { $0.x..<($0.x + $0.width) }
            .sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for span in crossing {
            if let last = merged.last, span.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    /// Pixels covered by at least one mask.
    public static func coveredPixelCount(_ masks: [MaskRegion], height: Int) -> Int {
        guard !masks.isEmpty else { return 0 }
        return (0..<height).reduce(0) { total, y in total + spans(masks, row: y).reduce(0) { $0 + $1.count } }
    }
}

