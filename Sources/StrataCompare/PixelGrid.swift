/// Read-only view of premultiplied RGBA8 pixels as 32-bit words, for the comparison's
/// inner loops: one load per pixel, equality of whole pixels as one integer compare.
struct PixelGrid {
    let bytes: UnsafeRawBufferPointer
    let width: Int
    let height: Int

    /// R in the low byte, A in the high byte, whatever the host's byte order.
    @inline(__always) func word(at index: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
    }

    @inline(__always) func word(x: Int, y: Int) -> UInt32 { word(at: y &* width &+ x) }
}

/// Channels of a pixel word.
extension UInt32 {
    @inline(__always) var red: Int32 { Int32(truncatingIfNeeded: self & 0xFF) }
    @inline(__always) var green: Int32 { Int32(truncatingIfNeeded: (self >> 8) & 0xFF) }
    @inline(__always) var blue: Int32 { Int32(truncatingIfNeeded: (self >> 16) & 0xFF) }
    @inline(__always) var alpha: Int32 { Int32(truncatingIfNeeded: self >> 24) }

    @inline(__always) static func pixel(red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32 = 255) -> UInt32 {
        red | green << 8 | blue << 16 | alpha << 24
    }
}
