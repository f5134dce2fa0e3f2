import Foundation
import Testing
import StrataModel

/// `JSONWriter` in each `Format` that `JSONEncoder` also offers writes the bytes Foundation's
/// encoder writes with those options, for awkward numbers, strings and keys: the files it
/// wrote before (manifests, layer trees, results) keep their bytes. Foundation only here,
/// as the yardstick.
@Suite struct JSONWriterFoundationTests {
    /// Each format against `JSONEncoder`'s options. Keys sorted in all: without
    /// `.sortedKeys`, Foundation writes an object's keys in hash order, different each run.
    static let formats: [(JSONWriter.Format, JSONEncoder.OutputFormatting)] = [
        (.init(.compact, keys: .sorted), [.sortedKeys, .withoutEscapingSlashes]),
        (.init(.compact, keys: .sorted, slashes: .escaped), [.sortedKeys]),
        (.init(.indented, keys: .sorted), [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]),
        (.init(.indented, keys: .sorted, slashes: .escaped), [.prettyPrinted, .sortedKeys]),
    ]

    static let doubles: [Double] = [
        0.1, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 1e-7, 1e-5, 1e-4, 0.001, 1e21, 1e22, 1e16, 1e15, -0.0, 0, 1, -1, 480, 187.5,
        9007199254740992, 9007199254740994, 18014398509481988, 9999999999999998, 123456789012345680, -2.5,
        .leastNonzeroMagnitude, 2.2250738585072014e-308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .pi, 1.0 / 60,
    ]

    static let floats: [Float] = [0.1, 1.0 / 3, 1e-7, 1e21, -0.0, 3, 16777216, .greatestFiniteMagnitude, 0.5]

    /// Quotes, backslashes, slashes, every control character, DEL, non-ASCII (two, three
    /// and four UTF-8 bytes), the line separators JavaScript minds, a closing script tag.
    static let strings: [String] = [
        "", "plain", #"say "hi""#, #"back\slash"#, "a/b//c", "/", "</script>", "http://x.y/z",
        String((0..<0x20).map { Character(UnicodeScalar(UInt8($0))) }), "\u{7F}", "é", "ü€", "😀 emoji",
        "\u{2028}\u{2029}", "e\u{301}", "\u{FEFF}bom", "tab\tnew\nline\r\u{8}\u{C}",
    ]

    /// Keys whose orders differ by bytes, case, Unicode and digits (Foundation on Linux
    /// sorts by UTF-8 bytes, not numerically: `frame-10` before `frame-9`).
    static let keys: [String] = [
        "b", "a", "B", "A", "_", "é", "z", "frame-10", "frame-9", "frame-00001", "10", "9", "", " ", "a/b", "a\"b",
        "\u{1}", "\u{FFFF}", "😀", "aa", "a", "Z",
    ]

    struct Sample: Codable {
        var doubles = JSONWriterFoundationTests.doubles
        var floats = JSONWriterFoundationTests.floats
        var strings = JSONWriterFoundationTests.strings
        var byKey = Dictionary(JSONWriterFoundationTests.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var ints: [Int] = [0, -1, Int.max, Int.min]
        var small: [Int8] = [-128, 127]
        var unsigned: [UInt64] = [0, UInt64.max]
        var oneDouble = 0.1
        var wholeDouble = 1.0e15
        var negativeZero = -0.0
        var flag = true
        var absent: String? = nil
        var present: String? = "a/b"
        var emptyList: [Int] = []
        var emptyObject: [String: Int] = [:]
        var nested: [[String: [Double]]] = [["x": [], "y": [1, 2.5]], [:], ["z": [-0.0]]]
        var deep: [[[Int]]] = [[[]], [[1], []]]
        var mixed: [String: Sample2] = ["one": .init(), "two": .init(name: "x/y", values: [])]
    }

    struct Sample2: Codable {
        var name = "n"
        var values: [Double] = [0.25]
        var list: [Sample3] = [.init(), .init()]
    }

    struct Sample3: Codable { var a = 1e-7; var b: [String] = ["/"] }

    func foundation<T: Encodable>(_ value: T, _ options: JSONEncoder.OutputFormatting) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = options
        return [UInt8](try encoder.encode(value))
    }

    func expectSame<T: Encodable>(_ value: T, _ what: String) throws {
        for (format, options) in Self.formats {
            let ours = try JSONWriter.bytes(value, format: format)
            let theirs = try foundation(value, options)
            #expect(ours == theirs, "\(what) \(format): \(String(decoding: ours, as: UTF8.self)) vs \(String(decoding: theirs, as: UTF8.self))")
        }
    }

    @Test func aWholeSampleIsWrittenAsFoundationWritesIt() throws {
        try expectSame(Sample(), "sample")
    }

    @Test func eachNumberAndStringAloneIsWrittenAsFoundationWritesIt() throws {
        for d in Self.doubles {
            try expectSame(d, "\(d)")
            try expectSame([d], "[\(d)]")
            try expectSame(["k": d], "{k: \(d)}")
        }
        for f in Self.floats { try expectSame(["k": f], "{k: \(f)} Float") }
        for s in Self.strings {
            try expectSame(s, s.debugDescription)
            try expectSame([s: s], "{\(s.debugDescription)}")
        }
    }

    @Test func emptyAndNestedContainersAreLaidOutAsFoundationLaysThemOut() throws {
        try expectSame([Int](), "[]")
        try expectSame([String: Int](), "{}")
        try expectSame([[[Int]]()], "[[[]]]")
        try expectSame(["a": [String: [Int]]()], "{a: {}}")
        try expectSame([["a": [[String: Int]()]]], "[{a: [{}]}]")
    }

    /// A value that asks for no container is `{}` inside another and an error alone, as
    /// in Foundation.
    @Test func aValueThatEncodesNothingIsAnEmptyObjectOrAnError() throws {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        try expectSame(["k": Nothing()], "{k: nothing}")
        try expectSame([Nothing()], "[nothing]")
        #expect(throws: EncodingError.self) { try JSONWriter.bytes(Nothing()) }
        #expect(throws: EncodingError.self) { try foundation(Nothing(), []) }
    }

    /// The numbers' spelling is the one `JSONEncoder` has, spelled out.
    @Test func numbersAreSwiftsShortestTextWithoutATrailingPointZero() {
        let cases: [(Double, String)] = [
            (0.1, "0.1"), (1.0 / 3, "0.3333333333333333"), (1e-7, "1e-07"), (1e21, "1e+21"), (-0.0, "-0"), (480, "480"),
            (9007199254740992, "9007199254740992"), (9007199254740994, "9.007199254740994e+15"), (1e16, "1e+16"),
        ]
        for (n, text) in cases { #expect(JSONWriter.number(n) == text, "\(n)") }
    }
}
