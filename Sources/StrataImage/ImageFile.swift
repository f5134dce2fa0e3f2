import Foundation
import StrataModel

/// An image file of either kind Strata reads (PNG or JPEG), told by its first bytes, not
/// its name: the one reader of `contents` images and `CGImage`s. Its size is read from the
/// header and checked against the limits before the pixels are allocated, as `compare`
/// checks its frames; every error names the file.
public enum ImageFile {
    public enum Format: String, Sendable { case png = "PNG", jpeg = "JPEG" }

    /// The format of a file's first bytes, nil for neither.
    public static func format(of bytes: [UInt8]) -> Format? {
        if bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        return nil
    }

    /// The size the file's header declares.
    public static func header(_ bytes: [UInt8], name: String) throws -> PNGHeader {
        switch format(of: bytes) {
        case .png: return try PNGHeader(bytes, name: name)
        case .jpeg: return try JPEG.header(bytes, name: name)
        case nil: throw RenderError.png("\(name): neither a PNG nor a JPEG file (its first bytes are \(signature(bytes)))")
        }
    }

    /// Decodes a PNG or JPEG file's bytes, its header's size checked first.
    public static func decode(_ bytes: [UInt8], name: String, maximumSide: Int = PNG.maximumSide,
                              pixelLimit: Int = PNGHeader.defaultPixelLimit) throws -> Image {
        switch format(of: bytes) {
        case .png: return try PNG.decode(bytes, name: name, maximumSide: maximumSide, pixelLimit: pixelLimit)
        case .jpeg: return try JPEG.decode(bytes, name: name, maximumSide: maximumSide, pixelLimit: pixelLimit)
        case nil: throw RenderError.png("\(name): neither a PNG nor a JPEG file (its first bytes are \(signature(bytes)))")
        }
    }

    /// Reads and decodes the image file at `path`: at most `maximumBytes` of it (whatever
    /// `stat` says), FIFOs and directories refused with their kind, errno's words for I/O.
    public static func read(path: String, maximumBytes: Int = 64 << 20, maximumSide: Int = PNG.maximumSide,
                            pixelLimit: Int = PNGHeader.defaultPixelLimit) throws -> Image {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: maximumBytes) } catch {
            throw RenderError.io("\(path): cannot read the image: \(error)")
        }
        return try decode(bytes, name: path, maximumSide: maximumSide, pixelLimit: pixelLimit)
    }

    private static func signature(_ bytes: [UInt8]) -> String {
        bytes.isEmpty ? "none: the file is empty" : bytes.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " ")
    }
}
