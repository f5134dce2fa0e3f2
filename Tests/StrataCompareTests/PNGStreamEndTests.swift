import Foundation
import Testing
import StrataImage

/// CRC-32 of PNG chunks (ISO 3309), for files made here byte by byte.
private let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
}

/// A byte a step, through buffer pointers: the IDATs are tens of kilobytes, and the debug
/// build's bit-by-bit loop over an Array took seconds.
private func crc32(_ bytes: [UInt8]) -> UInt32 {
    crcTable.withUnsafeBufferPointer { table in
        bytes.withUnsafeBufferPointer { buffer in
            var c: UInt32 = 0xFFFF_FFFF
            for b in buffer { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
            return ~c
        }
    }
}

private func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

/// A 48x32 PNG whose zlib stream holds `raw` zero bytes in stored blocks: exactly the
/// rows' bytes is an image of zeros, more is data past the image's end.
private func png(color: UInt8, depth: UInt8, interlace: UInt8, raw: Int) -> [UInt8] {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }
    var z: [UInt8] = [0x78, 0x01]
    var left = raw
    repeat {
        let n = min(left, 65535)
        left -= n
        z += [left == 0 ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)] + [UInt8](repeating: 0, count: n)
    } while left > 0
    z += be32(1)  // a placeholder adler32: the exact case below writes the real one
    let ihdr = be32(48) + be32(32) + [depth, color, 0, 0, interlace]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", z) + chunk("IEND", [])
}

/// Rows' bytes worked out by hand for 48x32: rows x (filter byte + packed samples); Adam7's
/// seven passes are 6x4, 6x4, 12x4, 12x8, 24x8, 24x16 and 48x16 pixels.
@Test(arguments: [("gray 8", UInt8(0), UInt8(8), UInt8(0), 32 * (1 + 48)),
                  ("gray 1", 0, 1, 0, 32 * (1 + 6)),
                  ("rgba 16", 6, 16, 0, 32 * (1 + 48 * 8)),
                  ("gray alpha 8", 4, 8, 0, 32 * (1 + 96)),
                  ("gray 8 interlaced", 0, 8, 1, 4 * 7 + 4 * 7 + 4 * 13 + 8 * 13 + 8 * 25 + 16 * 25 + 16 * 49),
                  ("rgb 8 interlaced", 2, 8, 1, 4 * 19 + 4 * 19 + 4 * 37 + 8 * 37 + 8 * 73 + 16 * 73 + 16 * 145)])
func compressedDataPastTheImageIsRefusedAtOnce(_ kind: String, _ color: UInt8, _ depth: UInt8, _ interlace: UInt8, _ rows: Int) throws {
    // Exactly the rows: the adler32 of zeros is (n % 65521) << 16 | 1.
    var exact = png(color: color, depth: depth, interlace: interlace, raw: rows)
    let idatEnd = exact.count - 12 - 4
    let adler = UInt32(rows % 65521) << 16 | 1
    exact.replaceSubrange((idatEnd - 4)..<idatEnd, with: be32(adler))
    let crcStart = 8 + 25 + 4
    exact.replaceSubrange(idatEnd..<(idatEnd + 4), with: be32(crc32(Array(exact[crcStart..<idatEnd]))))
    let image = try PNG.decode(exact, name: kind)
    #expect(image.width == 48 && image.height == 32)
    #expect(image.pixel(x: 47, y: 31).a == (color == 4 || color == 6 ? 0 : 255))

    // 4 MB more than the rows: refused without inflating it.
    let bomb = png(color: color, depth: depth, interlace: interlace, raw: rows + (4 << 20))
    let started = Date()
    #expect {
        _ = try PNG.decode(bomb, name: kind)
    } throws: { "\($0)".contains("the compressed image data goes on past the end of the 48x32 image") }
    #expect(Date().timeIntervalSince(started) < 2)
}
