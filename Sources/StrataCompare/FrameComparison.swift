import Foundation

/// A pixel position, origin top-left, as in `Image`.
public struct PixelCoordinate: Hashable, Sendable, CustomStringConvertible {
    public let x: Int
    public let y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
    public var description: String { "(\(x), \(y))" }
}

/// The outcome of comparing an expected frame with an actual one.
public struct FrameComparison: Sendable, Equatable {
    /// The expected frame's size; the comparison's size when the two agree.
    public let width: Int
    public let height: Int
    public let actualWidth: Int
    public let actualHeight: Int
    /// Pixels counted as different (anti-aliasing excluded unless `includeAA`).
    public let diffPixels: Int
    /// Pixels above the threshold that sit on an anti-aliased edge and were set aside.
    public let aaPixels: Int
    /// Largest difference of any RGBA byte (premultiplied, as decoded), 0...255.
    public let maxChannelDelta: Int
    /// Peak signal-to-noise ratio in dB over R, G and B as seen over white (so it agrees with
    /// the perceptual comparison about transparency); +infinity when those are identical.
    public let psnr: Double
    public let passed: Bool
    /// The first differing pixels in scan order, at most `CompareOptions.reportedDifferenceLimit`.
    public let firstDifferences: [PixelCoordinate]
    /// Pixels under a mask (`CompareOptions.masks`): never compared.
    public let maskedPixels: Int

    public var sizeMatches: Bool { width == actualWidth && height == actualHeight }
    public var pixelCount: Int { width * height }
    /// diffPixels / pixelCount; 0 for an empty frame.
    public var ratio: Double { pixelCount == 0 ? 0 : Double(diffPixels) / Double(pixelCount) }

    public init(width: Int, height: Int, actualWidth: Int, actualHeight: Int, diffPixels: Int, aaPixels: Int,
                maxChannelDelta: Int, psnr: Double, passed: Bool, firstDifferences: [PixelCoordinate], maskedPixels: Int = 0) {
        self.width = width; self.height = height; self.actualWidth = actualWidth; self.actualHeight = actualHeight
        self.diffPixels = diffPixels; self.aaPixels = aaPixels; self.maxChannelDelta = maxChannelDelta
        self.psnr = psnr; self.passed = passed; self.firstDifferences = firstDifferences
        self.maskedPixels = maskedPixels
    }

    /// Frames of different sizes cannot be compared pixel by pixel, so every pixel of the
    /// expected frame counts as different: ratio 1, max delta 255, PSNR 0, failed.
    public static func sizeMismatch(expected: (width: Int, height: Int), actual: (width: Int, height: Int)) -> FrameComparison {
        FrameComparison(width: expected.width, height: expected.height,
                         actualWidth: actual.width, actualHeight: actual.height,
                         diffPixels: expected.width * expected.height, aaPixels: 0, maxChannelDelta: 255,
                         psnr: 0, passed: false, firstDifferences: [])
    }

    /// Two frames of one size with the same bytes (known by hash, neither decoded): no
    /// difference, PSNR infinite, the pixels under `masks` counted as a comparison counts them.
    public static func identical(width: Int, height: Int, masks: [MaskRegion] = []) -> FrameComparison {
        var masked = 0
        if !masks.isEmpty {
            for y in 0..<height {
                for span in MaskRegion.spans(masks, row: y) { masked += max(0, min(span.upperBound, width) - max(span.lowerBound, 0)) }
            }
        }
        return FrameComparison(width: width, height: height, actualWidth: width, actualHeight: height, diffPixels: 0, aaPixels: 0,
                               maxChannelDelta: 0, psnr: .infinity, passed: true, firstDifferences: [], maskedPixels: masked)
    }

    /// PSNR from a sum of squared 8-bit errors over `samples` channel values.
    static func psnr(squaredError: Int, samples: Int) -> Double {
        guard squaredError > 0, samples > 0 else { return .infinity }
        let meanSquaredError = Double(squaredError) / Double(samples)
        return 10 * log10(255 * 255 / meanSquaredError)
    }
}
