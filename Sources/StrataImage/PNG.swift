import CPNGCodec
import Foundation
import StrataModel

/// PNG encoding and decoding through libpng. Frames are premultiplied in memory and
/// straight-alpha in the file; opaque frames (every scene with a background) are the same.
public enum PNG {
    /// Encoder settings. The default, zlib level 1 with the fixed UP filter, is several
    /// times faster than libpng's adaptive default on UI frames at a similar size.
    public struct Options: Sendable, Equatable {
        public enum Filter: Int32, Sendable, CaseIterable {
            case none = 0, sub = 1, up = 2, paeth = 4, adaptive = 5
        }
        /// zlib's match-finding strategy. `.rle` only finds runs (matches at distance 1),
        /// which is what filtered UI frames are mostly made of.
        public enum Strategy: Int32, Sendable, CaseIterable {
            case `default` = 0, filtered = 1, huffmanOnly = 2, rle = 3
        }
        public var compressionLevel: Int
        public var filter: Filter
        public var strategy: Strategy
        public init(compressionLevel: Int = 1, filter: Filter = .up, strategy: Strategy = .default) {
            self.compressionLevel = compressionLevel; self.filter = filter; self.strategy = strategy
        }
        public static let fast = Options()
    }

    /// Largest width or height `decode` accepts.
    public static let maximumSide = 16384

    public static func encode(_ image: Image, options: Options = .fast) throws -> [UInt8] {
        let straight = unpremultiplied(image.pixels)
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = straight.withUnsafeBufferPointer { px in
            strata_png_encode(px.baseAddress, UInt32(image.width), UInt32(image.height),
                              Int32(max(0, min(9, options.compressionLevel))), options.filter.rawValue,
                              options.strategy.rawValue,
                              &out, &length, &message, message.count)
        }
        guard status == 0, let bytes = out else {
            throw RenderError.png("PNG encoding failed: \(String(cString: message))")
        }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Decodes PNG bytes; `name` (usually the path) prefixes any error.
    public static func decode(_ data: [UInt8], name: String = "PNG", maximumSide: Int = PNG.maximumSide) throws -> Image {
        var out: UnsafeMutablePointer<UInt8>?
        var w: UInt32 = 0, h: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBufferPointer { d in
            strata_png_decode(d.baseAddress, d.count, UInt32(maximumSide), UInt32(maximumSide),
                              &out, &w, &h, &message, message.count)
        }
        guard status == 0, let pixels = out else {
            throw RenderError.png("\(name): \(String(cString: message))")
        }
        defer { free(pixels) }
        let straight = Array(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h) * 4))
        return Image(width: Int(w), height: Int(h), pixels: premultiplied(straight))
    }

    public static func read(path: String) throws -> Image {
        guard FileManager.default.fileExists(atPath: path) else { throw RenderError.io("\(path): no such file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw RenderError.io("\(path): cannot read") }
        return try decode([UInt8](data), name: path)
    }

    /// Writes atomically: a temporary file beside the target, then a rename, so a reader
    /// never sees half a PNG.
    public static func write(_ image: Image, to path: String, options: Options = .fast) throws {
        try AtomicFile.write(try encode(image, options: options), to: path)
    }

    static func unpremultiplied(_ p: [UInt8]) -> [UInt8] {
        var out = p
        out.withUnsafeMutableBufferPointer { b in
            for i in stride(from: 0, to: b.count, by: 4) {
                let a = Int(b[i + 3])
                if a == 255 { continue }
                if a == 0 { b[i] = 0; b[i + 1] = 0; b[i + 2] = 0; continue }
                for c in 0..<3 { b[i + c] = UInt8(min(255, (Int(b[i + c]) * 255 + a / 2) / a)) }
            }
        }
        return out
    }

    static func premultiplied(_ p: [UInt8]) -> [UInt8] {
        var out = p
        out.withUnsafeMutableBufferPointer { b in
            for i in stride(from: 0, to: b.count, by: 4) {
                let a = Int(b[i + 3])
                if a == 255 { continue }
                for c in 0..<3 { b[i + c] = UInt8((Int(b[i + c]) * a + 127) / 255) }
            }
        }
        return out
    }
}
