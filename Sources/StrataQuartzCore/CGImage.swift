import Foundation
import StrataImage
import StrataModel

/// Core Graphics' bitmap image, over one Strata `Image` (premultiplied RGBA8, rows
/// top-down): what `CALayer.contents` takes. A class, as the CF type is.
///
/// On iOS a CGImage usually comes from UIKit (`UIImage(named:)?.cgImage`) or ImageIO,
/// neither of which is QuartzCore. Here it comes from a PNG or JPEG file through Core
/// Graphics' own data-provider initializers, which compile unchanged on iOS:
/// `CGDataProvider(filename:)` then `CGImage(pngDataProviderSource:decode:shouldInterpolate:intent:)`
/// (or `jpegDataProviderSource`), or from Strata's `CGImage.load(path:)`, which throws an
/// error naming the file instead of answering nil.
public final class CGImage: Hashable {
    /// The Strata bitmap this one draws as.
    public let strataImage: Image

    public init(_ image: Image) { strataImage = image }

    /// Reads a PNG or JPEG file (told by its bytes): its size is checked from its header
    /// before decoding (at most 16384 px a side and 32 Mi pixels), and every fault is an
    /// error naming the file. Not Core Graphics API: iOS code reaches the same image
    /// through UIKit or ImageIO.
    public static func load(path: String) throws -> CGImage {
        CGImage(try ImageFile.read(path: path))
    }

    /// Core Graphics' PNG initializer: nil when the provider's bytes are not a PNG this
    /// reader takes, as on iOS. `decode`, `shouldInterpolate` and `intent` are accepted and
    /// ignored (the layer's filters decide the sampling).
    public convenience init?(pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard ImageFile.format(of: source.bytes) == .png, let image = try? PNG.decode(source.bytes, name: "PNG") else { return nil }
        self.init(image)
    }

    /// Core Graphics' JPEG initializer: nil when the bytes are not a JPEG this reader takes.
    public convenience init?(jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard ImageFile.format(of: source.bytes) == .jpeg, let image = try? JPEG.decode(source.bytes, name: "JPEG") else { return nil }
        self.init(image)
    }

    public var width: Int { strataImage.width }
    public var height: Int { strataImage.height }
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { strataImage.width * 4 }
    /// Premultiplied alpha last (RGBA), as Strata keeps every bitmap.
    public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }

    /// The part of the image inside `rect` (pixels, origin top-left, as on iOS), cut to the
    /// image; nil when nothing is left.
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.standardized.integral
        let x0 = max(0, Int(r.minX)), y0 = max(0, Int(r.minY))
        let x1 = min(width, Int(r.maxX)), y1 = min(height, Int(r.maxY))
        guard x1 > x0, y1 > y0 else { return nil }
        var pixels = [UInt8]()
        pixels.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        for y in y0..<y1 { pixels += strataImage.pixels[(y * width + x0) * 4 ..< (y * width + x1) * 4] }
        return CGImage(Image(width: x1 - x0, height: y1 - y0, pixels: pixels))
    }

    public static func == (a: CGImage, b: CGImage) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// Core Graphics' source of bytes for an image: a file's or a Data's.
public final class CGDataProvider {
    let bytes: [UInt8]

    /// The file's bytes (at most 64 MiB, FIFOs refused); nil when it cannot be read, as on iOS.
    public init?(filename: String) {
        guard let b = try? BoundedFile.read(filename, limit: 64 << 20) else { return nil }
        bytes = b
    }

    /// iOS's takes a CFData, which `Data` bridges to; here `Data` itself.
    public init?(data: Data) { bytes = [UInt8](data) }
}

public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

public enum CGImageAlphaInfo: UInt32, Sendable {
    case none, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}
