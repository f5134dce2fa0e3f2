import StrataCompare
import StrataModel
import StrataImage
import Testing

/// Frames reach the comparison through PNG; broken files must be errors that name them.
@Suite struct PNGInputTests {
    let frame = TestImages.make(width: 40, height: 30) { x, y in (UInt8(x * 6), UInt8(y * 8), 77, 255) }

    @Test func aRoundTripThroughPNGComparesEqualExactly() throws {
        let decoded = try PNG.decode(try PNG.encode(frame), name: "frame.png")
        #expect(FrameComparator.compare(expected: frame, actual: decoded, options: .exact).passed)
    }

    @Test func truncatedPNGIsAnErrorNamingTheFile() throws {
        let bytes = try PNG.encode(frame)
        for length in [bytes.count / 2, bytes.count - 13, 40, 8, 0] {
            #expect {
                _ = try PNG.decode(Array(bytes.prefix(length)), name: "frames/truncated.png")
            } throws: { error in
                "\(error)".contains("frames/truncated.png")
            }
        }
    }

    @Test func corruptPNGIsAnErrorNamingTheFile() throws {
        var bytes = try PNG.encode(frame)
        // Damage the compressed data in the middle of the IDAT chunk.
        for i in (bytes.count / 2)..<(bytes.count / 2 + 16) { bytes[i] ^= 0x5A }
        #expect(throws: RenderError.self) { _ = try PNG.decode(bytes, name: "corrupt.png") }
        #expect { _ = try PNG.decode(bytes, name: "corrupt.png") } throws: { "\($0)".contains("corrupt.png") }

        let notPNG = Array("this is not a PNG file at all".utf8)
        #expect { _ = try PNG.decode(notPNG, name: "notes.txt") } throws: { "\($0)".contains("notes.txt") }
    }

    @Test func decodeErrorsSayWhatIsWrong() throws {
        let bytes = try PNG.encode(frame)
        #expect { _ = try PNG.decode(Array(bytes.prefix(bytes.count / 2)), name: "half.png") } throws: {
            "\($0)".contains("truncated")
        }
        #expect { _ = try PNG.decode(bytes, name: "wide.png", maximumSide: 16) } throws: {
            "\($0)".contains("limit")
        }
    }
}
