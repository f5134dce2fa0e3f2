import CPNGCodec
import Foundation
import StrataModel

/// PNG encoding and decoding. Frames are premultiplied in memory and straight-alpha in the
/// file; opaque frames (every scene with a background) are the same. Frames are deflated
/// by libdeflate into chunks written by `CPNGCodec` (2-3x zlib's speed for a smaller
/// file); 8-bit RGB and RGBA files are inflated by libdeflate, every other kind by libpng.
public enum PNG {
    /// Encoder settings. The default, level 1 with the fixed UP filter through libdeflate,
    /// is several times faster than libpng's adaptive default on UI frames at a similar size.
    public struct Options: Sendable, Equatable {
        public enum Filter: Int32, Sendable, CaseIterable {
            case none = 0, sub = 1, up = 2, paeth = 4, adaptive = 5
        }
        /// zlib's match-finding strategy, for `.zlib`. `.rle` only finds runs (matches at
        /// distance 1), which is what filtered UI frames are mostly made of.
        public enum Strategy: Int32, Sendable, CaseIterable {
            case `default` = 0, filtered = 1, huffmanOnly = 2, rle = 3
        }
        /// Who deflates: libdeflate, or libpng with zlib (the baseline the benchmarks
        /// measure against).
        public enum Deflater: Sendable, Equatable {
            case libdeflate
            case zlib(Strategy)
        }
        public var compressionLevel: Int
        public var filter: Filter
        public var deflater: Deflater
        public init(compressionLevel: Int = 1, filter: Filter = .up, deflater: Deflater = .libdeflate) {
            self.compressionLevel = compressionLevel; self.filter = filter; self.deflater = deflater
        }
        public static let fast = Options()
    }

    /// Largest width or height `decode` accepts.
    public static let maximumSide = 16384

    public static func encode(_ image: Image, options: Options = .fast) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let (deflater, strategy): (Int32, Int32)
        switch options.deflater {
        case .libdeflate: (deflater, strategy) = (Int32(STRATA_PNG_LIBDEFLATE), 0)
        case .zlib(let s): (deflater, strategy) = (Int32(STRATA_PNG_LIBPNG), s.rawValue)
        }
        let status = image.pixels.withUnsafeBufferPointer { px in
            strata_png_encode(px.baseAddress, UInt32(image.width), UInt32(image.height),
                              Int32(max(0, min(9, options.compressionLevel))), options.filter.rawValue,
                              deflater, strategy, &out, &length, &message, message.count)
        }
        guard status == 0, let bytes = out else {
            throw RenderError.png("PNG encoding failed: \(String(cString: message))")
        }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Decodes PNG bytes; `name` (usually the path) prefixes any error. The size is read
    /// from the header and checked against `maximumSide` before any pixel is allocated.
    public static func decode(_ data: [UInt8], name: String = "PNG", maximumSide: Int = PNG.maximumSide) throws -> Image {
        var w: UInt32 = 0, h: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        func failure() -> RenderError { RenderError.png("\(name): \(String(cString: message))") }
        let status = data.withUnsafeBufferPointer { d in
            strata_png_header(d.baseAddress, d.count, &w, &h, &message, message.count)
        }
        guard status == 0 else { throw failure() }
        guard w <= maximumSide, h <= maximumSide else {
            throw RenderError.png("\(name): \(w)x\(h) px is over the limit of \(maximumSide) px a side")
        }
        let count = Int(w) * Int(h) * 4
        var decoded: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            decoded = data.withUnsafeBufferPointer { d in
                strata_png_decode(d.baseAddress, d.count, w, h, buffer.baseAddress, &message, message.count)
            }
            // On failure the array is dropped at once; its bytes are never read.
            initialized = count
        }
        guard decoded == 0 else { throw failure() }
        return Image(width: Int(w), height: Int(h), pixels: pixels)
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
}
