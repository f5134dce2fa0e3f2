import CJPEGCodec
import Foundation
import StrataModel

/// JPEG files read with libjpeg-turbo (`CJPEGCodec`): `contents` images of scene files and
/// `CGImage`s. Decoding only; Strata writes PNG. The size is read from the frame header
/// and checked before any pixel is allocated, as `PNG.decode` does.
public enum JPEG {
    /// The size a JPEG declares in its frame header, read without decoding a scan.
    public static func header(_ data: [UInt8], name: String) throws -> PNGHeader {
        var w: UInt32 = 0, h: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBufferPointer { strata_jpeg_header($0.baseAddress, $0.count, &w, &h, &message, message.count) }
        guard status == 0 else { throw RenderError.png("\(name): not a JPEG this reader takes: \(String(cString: message))") }
        return PNGHeader(width: Int(w), height: Int(h))
    }

    /// Decodes JPEG bytes into an opaque `Image`; `name` (usually the path) prefixes any
    /// error. A file cut short is an error, not a photo half grey.
    public static func decode(_ data: [UInt8], name: String = "JPEG", maximumSide: Int = PNG.maximumSide,
                              pixelLimit: Int = PNGHeader.defaultPixelLimit) throws -> Image {
        let header = try header(data, name: name)
        try header.check(maximumSide: maximumSide, pixelLimit: pixelLimit, name: name)
        let w = UInt32(header.width), h = UInt32(header.height)
        let count = header.pixelCount * 4
        var message = [CChar](repeating: 0, count: 256)
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = data.withUnsafeBufferPointer { d in
                strata_jpeg_decode(d.baseAddress, d.count, w, h, buffer.baseAddress, &message, message.count)
            }
            // On failure the array is dropped at once; its bytes are never read.
            initialized = count
        }
        guard status == 0 else { throw RenderError.png("\(name): the JPEG data is damaged: \(String(cString: message))") }
        return Image(width: header.width, height: header.height, pixels: pixels)
    }
}
