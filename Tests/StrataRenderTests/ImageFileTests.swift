import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// PNG and JPEG files read by `ImageFile`: told by their bytes, sizes checked from the
/// header before decoding, every fault a message naming the file.
@Suite struct ImageFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    var jpeg: [UInt8] { get throws { [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("quadrants.jpg"))) } }

    /// The fixture is 40x20: red | green over blue | yellow (quality 95, no chroma
    /// subsampling), so each quadrant's middle decodes within a few levels of its colour.
    @Test func aJPEGDecodesToItsColours() throws {
        let data = try jpeg
        #expect(ImageFile.format(of: data) == .jpeg)
        #expect(try ImageFile.header(data, name: "q.jpg") == PNGHeader(width: 40, height: 20))
        let image = try ImageFile.decode(data, name: "q.jpg")
        #expect(image.width == 40 && image.height == 20)
        for (x, y, c) in [(10, 5, RGBA(255, 0, 0)), (30, 5, RGBA(0, 255, 0)), (10, 15, RGBA(0, 0, 255)), (30, 15, RGBA(255, 255, 0))] {
            #expect(image.rgba(x, y).isClose(to: c, within: 6), "(\(x), \(y)): \(image.rgba(x, y))")
        }
        // Decoding is deterministic: the same bytes, the same pixels.
        #expect(try ImageFile.decode(data, name: "q.jpg").pixels == image.pixels)
    }

    @Test func aPNGIsToldByItsBytesNotItsName() throws {
        let png = try PNG.encode(Image(width: 3, height: 2, fill: .red))
        let image = try ImageFile.decode(png, name: "looks-like.jpg")
        #expect(image.width == 3 && image.rgba(1, 1) == RGBA(255, 0, 0))
    }

    /// A JPEG cut short is an error naming the file, not a photo half grey: in its scan
    /// (libjpeg's warning made an error) or before it (no scan at all).
    @Test func aTruncatedJPEGIsAnError() throws {
        let data = try jpeg
        for (cut, message) in [(data.count - 200, "photos/cut.jpg: the JPEG data is damaged: Premature end of JPEG file"),
                               (200, "photos/cut.jpg: not a JPEG this reader takes: ")] {
            do {
                _ = try ImageFile.decode(Array(data.prefix(cut)), name: "photos/cut.jpg")
                Issue.record("a JPEG cut at \(cut) bytes decoded")
            } catch {
                #expect("\(error)".hasPrefix(message), "\(error)")
            }
        }
    }

    /// The size is read from the frame header (SOF0's height and width) and refused before a
    /// pixel is allocated: a 60000x60000 header in a 1 KB file.
    @Test func anOversizedJPEGIsRefusedFromItsHeader() throws {
        var data = try jpeg
        let sof = try #require((0..<data.count - 1).first { data[$0] == 0xFF && data[$0 + 1] == 0xC0 })
        // FF C0, length (2), precision (1), height (2), width (2).
        for (i, b) in [0xEA, 0x60, 0xEA, 0x60].enumerated() { data[sof + 5 + i] = UInt8(b) }
        #expect(try ImageFile.header(data, name: "big.jpg") == PNGHeader(width: 60000, height: 60000))
        do {
            _ = try ImageFile.decode(data, name: "big.jpg", maximumSide: 4096)
            Issue.record("a 60000-px JPEG passed a 4096 px limit")
        } catch {
            #expect("\(error)" == "big.jpg: 60000x60000 px is over the limit of 4096 px a side")
        }
    }

    @Test(arguments: [
        ([UInt8](), "empty.png: neither a PNG nor a JPEG file (its first bytes are none: the file is empty)"),
        (Array("GIF89a....".utf8), "empty.png: neither a PNG nor a JPEG file (its first bytes are 47 49 46 38)"),
    ])
    func neitherKindIsSaidSo(_ bytes: [UInt8], _ message: String) {
        do {
            _ = try ImageFile.decode(bytes, name: "empty.png")
            Issue.record("decoded")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func aMissingFileSaysErrnosWords() {
        do {
            _ = try ImageFile.read(path: "/nonexistent/photo.jpg")
            Issue.record("read")
        } catch {
            #expect("\(error)".hasPrefix("/nonexistent/photo.jpg: cannot read the image: ") && "\(error)".contains("No such file or directory"),
                    "\(error)")
        }
    }
}
