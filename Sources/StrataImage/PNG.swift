import CPNGCodec
import Foundation
import StrataModel

/// PNG encoding and decoding. Frames are premultiplied in memory and straight-alpha in the
/// file; opaque frames (every scene with a background) are the same. Frames are deflated
/// by libdeflate into chunks written by `CPNGCodec` (2-3x zlib's speed for a smaller
/// file), or by ISA-L where speed matters more than size (`Options.fast`); 8-bit RGB and
/// RGBA files are inflated by libdeflate, every other kind by libpng.
public enum PNG {
    /// Encoder settings: the fixed UP filter, then `.fast` (ISA-L) for frames a replay or a
    /// render writes, `.compact` (libdeflate) for reference images, which git keeps.
    public struct Options: Sendable, Equatable {
        public enum Filter: Int32, Sendable, CaseIterable {
            case none = 0, sub = 1, up = 2, paeth = 4, adaptive = 5
        }
        /// zlib's match-finding strategy, for `.zlib`. `.rle` only finds runs (matches at
        /// distance 1), which is what filtered UI frames are mostly made of.
        public enum Strategy: Int32, Sendable, CaseIterable {
            case `default` = 0, filtered = 1, huffmanOnly = 2, rle = 3
        }
        /// Who deflates: libdeflate; ISA-L's igzip (levels 0, 1 and 3; 2 is taken as 1 and
        /// above 3 as 3); or libpng with zlib (the baseline the benchmarks measure against).
        public enum Deflater: Sendable, Equatable {
            case libdeflate
            case isal
            case zlib(Strategy)
        }
        public var compressionLevel: Int
        public var filter: Filter
        public var deflater: Deflater
        public init(compressionLevel: Int = 1, filter: Filter = .up, deflater: Deflater = .libdeflate) {
            self.compressionLevel = compressionLevel; self.filter = filter; self.deflater = deflater
        }
        /// ISA-L at level 1: on 1080p UI frames 6x libdeflate's level 1 (2.3 against 15 ms)
        /// for a file a third larger. Every frame file a replay, render or check writes out.
        public static let fast = Options(compressionLevel: 1, deflater: .isal)
        /// libdeflate at level 1: reference images, written once and kept in git, and
        /// animated PNGs (`replay --apng`), one file kept and shared.
        public static let compact = Options(compressionLevel: 1, deflater: .libdeflate)

        /// `--png-level N`: 1 is `.fast`; 0 stores the rows as they are; 2...9 are
        /// libdeflate's levels, each smaller and slower than the one before.
        public static func level(_ n: Int) -> Options {
            n == 1 ? .fast : Options(compressionLevel: n, deflater: .libdeflate)
        }
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
        case .isal: (deflater, strategy) = (Int32(STRATA_PNG_ISAL), 0)
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
    /// from the header and checked against `maximumSide` and `pixelLimit` before any pixel is allocated.
    public static func decode(_ data: [UInt8], name: String = "PNG", maximumSide: Int = PNG.maximumSide,
                              pixelLimit: Int = PNGHeader.defaultPixelLimit) throws -> Image {
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
        try PNGHeader(width: Int(w), height: Int(h)).check(pixelLimit: pixelLimit, name: name)
        let count = Int(w) * Int(h) * 4
        // A byte a row to spare lets the decoder inflate in place (the rows' filter bytes).
        let capacity = count + Int(h)
        var decoded: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            decoded = data.withUnsafeBufferPointer { d in
                strata_png_decode(d.baseAddress, d.count, w, h, buffer.baseAddress, capacity, &message, message.count)
            }
            // On failure the array is dropped at once; its bytes are never read.
            initialized = count
        }
        guard decoded == 0 else { throw failure() }
        return Image(width: Int(w), height: Int(h), pixels: pixels)
    }

    /// Reads and decodes a PNG file: its header first, so a frame over `pixelLimit` is
    /// refused before the file is read, and a file far larger than its pixels need is too.
    public static func read(path: String, pixelLimit: Int = PNGHeader.defaultPixelLimit) throws -> Image {
        let header = try PNGHeader.read(path: path)
        try header.check(pixelLimit: pixelLimit, name: path)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SystemError.io(path, "cannot read") }
        defer { close(fd) }
        try PNGHeader.requireRegularFile(fd, path)
        var s = stat()
        fstat(fd, &s)
        // Uncompressed RGBA with a filter byte per row, plus room for metadata chunks.
        let largest = header.pixelCount * 4 + header.height + (16 << 20)
        guard Int(s.st_size) <= largest else {
            throw RenderError.png("\(path): \(Int(s.st_size)) bytes is more than a \(header.width)x\(header.height) PNG can need (\(largest) bytes)")
        }
        // read(2) straight into the buffer the decoder reads: no zeroing, no copy.
        let size = Int(s.st_size)
        var failure: Int32 = 0
        let data = [UInt8](unsafeUninitializedCapacity: max(size, 1)) { buffer, initialized in
            while initialized < size {
                let n = Glibc.read(fd, buffer.baseAddress! + initialized, size - initialized)
                if n < 0 { if errno == EINTR { continue }; failure = errno; break }
                if n == 0 { break }  // the file shrank while it was read: what is there is decoded
                initialized += n
            }
        }
        if failure != 0 { throw SystemError.io(path, "cannot read", failure) }
        return try decode(data, name: path, pixelLimit: pixelLimit)
    }

    /// Writes atomically: a temporary file beside the target, then a rename, so a reader
    /// never sees half a PNG.
    public static func write(_ image: Image, to path: String, options: Options = .fast) throws {
        try AtomicFile.write(try encode(image, options: options), to: path)
    }
}
