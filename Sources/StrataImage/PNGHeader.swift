import CPNGCodec
import Foundation

/// The size a PNG declares in its IHDR chunk, read from its first 24 bytes before anything
/// is decoded: a frame over the pixel limit, or of another size than the frame it is
/// compared with, is known without inflating it (a small file can inflate to gigabytes).
public struct PNGHeader: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixelCount: Int { width * height }

    /// Bytes needed to read the header: the signature and the whole IHDR chunk.
    public static let byteCount = 33

    /// Largest number of pixels decoded by default: 32 Mi (8192 x 4096, 128 MiB of RGBA).
    /// `--max-pixels` on `compare` and `check` changes it.
    public static let defaultPixelLimit = 1 << 25

    public init(width: Int, height: Int) { self.width = width; self.height = height }

    /// Reads the header from the start of a PNG (CPNGCodec's one reading of IHDR);
    /// `name` prefixes any error.
    public init(_ bytes: [UInt8], name: String) throws {
        var w: UInt32 = 0, h: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { strata_png_header($0.baseAddress, $0.count, &w, &h, &message, message.count) }
        guard status == 0 else { throw RenderError.png("\(name): \(String(cString: message))") }
        self.init(width: Int(w), height: Int(h))
    }

    /// The header of the PNG file at `path`, reading only its first bytes.
    public static func read(path: String) throws -> PNGHeader {
        guard !path.isEmpty else { throw RenderError.io("'': an empty path is not a PNG file") }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SystemError.io(path, "cannot read") }
        defer { close(fd) }
        try requireRegularFile(fd, path)
        var bytes = [UInt8](repeating: 0, count: byteCount)
        var n = 0
        while n < byteCount {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + n, byteCount - n) }
            if got < 0 { if errno == EINTR { continue }; throw SystemError.io(path, "cannot read") }
            if got == 0 { break }
            n += got
        }
        return try PNGHeader(Array(bytes[0..<n]), name: path)
    }

    /// Refuses a frame with more pixels than `limit` (or a side over `PNG.maximumSide`).
    public func check(pixelLimit limit: Int, name: String) throws {
        guard width <= PNG.maximumSide, height <= PNG.maximumSide else {
            throw RenderError.png("\(name): \(width)x\(height) px; each side may be at most \(PNG.maximumSide) px")
        }
        guard pixelCount <= limit else {
            throw RenderError.png("\(name): \(width)x\(height) px is \(pixelCount) pixels, over the limit of \(limit) (--max-pixels raises it)")
        }
    }

    /// Refuses an image with a side over `maximumSide` (a scene file's `contents` limit)
    /// or more pixels than `pixelLimit`, before it is decoded.
    public func check(maximumSide: Int, pixelLimit: Int, name: String) throws {
        guard width <= maximumSide, height <= maximumSide else {
            throw RenderError.png("\(name): \(width)x\(height) px is over the limit of \(maximumSide) px a side")
        }
        try check(pixelLimit: pixelLimit, name: name)
    }

    static func requireRegularFile(_ fd: Int32, _ path: String) throws {
        var s = stat()
        guard fstat(fd, &s) == 0 else { throw SystemError.io(path, "cannot read") }
        switch s.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw RenderError.io("\(path): is a directory, not a PNG file")
        case S_IFIFO: throw RenderError.io("\(path): is a FIFO or pipe; strata reads PNGs only from regular files")
        default: throw RenderError.io("\(path): is not a regular file; strata reads PNGs only from regular files")
        }
    }
}
