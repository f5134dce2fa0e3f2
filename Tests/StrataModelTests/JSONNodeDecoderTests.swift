import Foundation
import Testing
import StrataModel

/// `Decodable` through the one reader: the same values Foundation's decoder gives for what
/// Strata writes, and each wrong value, missing key or duplicate named at its line and column.
@Suite struct JSONNodeDecoderTests {
    struct Record: Codable, Equatable {
        var name: String
        var count: Int
        var ratio: Double
        var small: Float
        var byte: UInt8
        var flag: Bool
        var note: String?
        var list: [Double]
        var map: [String: Int]
        var nested: [[String]]
        var inner: Inner?
        struct Inner: Codable, Equatable { var depth: Int64 }
    }

    static let record = Record(name: "a \"q\" é", count: -3, ratio: 0.1 + 0.2, small: 1.5, byte: 255, flag: true, note: nil,
                               list: [1e-5, -0.0, 480], map: ["x": 1, "y": 2], nested: [["a"], []], inner: .init(depth: 1 << 53 + 1))

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws(JSONError) -> T {
        try JSONReader.decode(type, from: Array(text.utf8))
    }

    @Test func readsWhatFoundationWritesAsFoundationReadsIt() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes = [UInt8](try encoder.encode(Self.record))
        let ours = try JSONReader.decode(Record.self, from: bytes)
        #expect(ours == Self.record)
        #expect(ours == (try JSONDecoder().decode(Record.self, from: Data(bytes))))
        // Written by the one writer too.
        #expect(try decode(Record.self, try JSONWriter.encode(Self.record)) == Self.record)
    }

    @Test func wholeNumbersAreExactAndOnlyWhole() throws {
        #expect(try decode([Int64].self, "[9007199254740993, -0, 1e3]") == [9_007_199_254_740_993, 0, 1000])
        #expect(try decode(UInt8.self, "255") == 255)
        let fraction = #expect(throws: JSONError.self) { try decode([Int].self, "[1,\n 1.5]") }
        #expect(fraction == JSONError(.typeMismatch(expected: "a whole number from \(Int.min) to \(Int.max)", found: "1.5"),
                                      at: SourcePosition(line: 2, column: 2), path: "[1]"))
        let wide = #expect(throws: JSONError.self) { try decode(UInt8.self, "256") }
        #expect(wide?.message == "expected a whole number from 0 to 255, found 256")
        let float = #expect(throws: JSONError.self) { try decode(Float.self, "1e300") }
        #expect(float?.message == "expected a number within Float's range, found 1e300")
    }

    @Test(arguments: [
        (#"{"name": 3}"#, "1:10: name: expected a string, found 3"),
        ("{\n  \"a\": {\"depth\": \"deep\"}}", #"2:18: a.depth: expected a whole number from \#(Int64.min) to \#(Int64.max), found "deep""#),
        (#"{"a": [1]}"#, "1:7: a: expected an object, found an array"),
        ("[]", "1:1: expected an object, found an array"),
        (#"{"a": {}}"#, #"1:7: a: missing "depth""#),
        (#"{"a": {"depth": null}}"#, "1:17: a.depth: expected a whole number from \(Int64.min) to \(Int64.max), found null"),
        (#"{"a": {"depth": 1, "depth": 2}}"#, #"1:20: a: duplicate key "depth" (first at line 1, column 8)"#),
    ])
    func faultsAreNamedWhereTheyAre(_ text: String, _ words: String) {
        struct Named: Decodable { var name: String? }
        struct Holder: Decodable { var a: Record.Inner? }
        do {
            if text.hasPrefix(#"{"name""#) { _ = try decode(Named.self, text) } else { _ = try decode(Holder.self, text) }
            Issue.record("no error")
        } catch {
            #expect(error.description == words)
        }
    }

    @Test func arraysEndWhereTheyEnd() {
        struct Pair: Decodable {
            var a: Int, b: Int
            init(from decoder: any Decoder) throws {
                var c = try decoder.unkeyedContainer()
                a = try c.decode(Int.self); b = try c.decode(Int.self)
            }
        }
        let short = #expect(throws: JSONError.self) { try decode([Pair].self, "[[1, 2], [3]]") }
        #expect(short?.description == "1:10: [1]: the array ends after 1 item; expected more")
    }

    /// A type's own DecodingError is placed at the value its coding path names.
    @Test func aTypesOwnErrorIsPlaced() {
        struct Even: Decodable {
            init(from decoder: any Decoder) throws {
                let n = try decoder.singleValueContainer().decode(Int.self)
                guard n % 2 == 0 else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(n) is odd"))
                }
            }
        }
        let odd = #expect(throws: JSONError.self) { try decode([String: [Even]].self, "{\"k\": [2,\n 3]}") }
        #expect(odd?.description == "2:2: k[1]: 3 is odd")
    }

    /// Optional values tried in turn, as `SnapshotValue` does: a mismatch is an ordinary throw.
    @Test func tryingTypesInTurnWorks() throws {
        enum Loose: Decodable, Equatable {
            case flag(Bool), number(Double), text(String), numbers([Double])
            init(from decoder: any Decoder) throws {
                let c = try decoder.singleValueContainer()
                if let b = try? c.decode(Bool.self) { self = .flag(b) }
                else if let d = try? c.decode(Double.self) { self = .number(d) }
                else if let s = try? c.decode(String.self) { self = .text(s) }
                else { self = .numbers(try c.decode([Double].self)) }
            }
        }
        #expect(try decode([Loose].self, #"[true, 2, "x", [1, 2]]"#) == [.flag(true), .number(2), .text("x"), .numbers([1, 2])])
    }
}
