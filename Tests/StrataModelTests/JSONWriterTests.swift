import Foundation
import Testing
import StrataModel

/// The one JSON writer: keys in the order encoded, shortest numbers, one escaper, and the
/// text reads back (Foundation's reader) as the value written.
@Suite struct JSONWriterTests {
    struct Line: Encodable {
        var zeta = 1
        var alpha = "a/b \"q\" \\ \n\t\u{1}\u{8}é"
        var ratio = 0.1 + 0.2
        var whole = 480.0
        var tiny = 1e-5
        var missing: String? = nil
        var list = [[1, 2], [3]]
        var nested = ["k": true]
    }

    @Test func keysComeInTheOrderEncodedAndNumbersAreShortest() throws {
        let text = try JSONWriter.encode(Line())
        #expect(text == #"{"zeta":1,"alpha":"a/b \"q\" \\ \n\t\u0001\bé","ratio":0.30000000000000004,"whole":480,"tiny":1e-05,"list":[[1,2],[3]],"nested":{"k":true}}"#)
        let spaced = try JSONWriter.encode([1.5, 2], format: .spaced)
        #expect(spaced == "[1.5, 2]")
        struct Back: Decodable { let alpha: String; let ratio: Double; let tiny: Double }
        let back = try JSONDecoder().decode(Back.self, from: Data(text.utf8))
        #expect(back.alpha == Line().alpha && back.ratio == 0.1 + 0.2 && back.tiny == 1e-5)
    }

    @Test func anExplicitNilIsNullAndAnOmittedOneIsLeftOut() throws {
        struct Both: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Key.self)
                try c.encode(nil as Double?, forKey: .psnr)
                try c.encodeIfPresent(nil as String?, forKey: .note)
                try c.encodeNil(forKey: .missing)
            }
            enum Key: CodingKey { case psnr, note, missing }
        }
        #expect(try JSONWriter.encode(Both()) == #"{"psnr":null,"missing":null}"#)
    }

    @Test func aNonFiniteNumberIsAnErrorNotText() {
        #expect(throws: EncodingError.self) { try JSONWriter.encode(["x": Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONWriter.encode([Double.infinity]) }
    }

    @Test func theEscaperWritesEveryControlCharacter() throws {
        for v in 0..<0x20 {
            let s = String(UnicodeScalar(UInt8(v)))
            let quoted = JSONWriter.string(s)
            let back = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
            #expect(back == [s], "\(v): \(quoted)")
        }
    }
}
