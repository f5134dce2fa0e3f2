import Foundation
import Testing
@testable import StrataSceneFile

/// Untrusted bytes: thousands of damaged copies of the shipped scenes (bytes flipped,
/// cut, repeated, spliced), seeded so every run reads the same ones. Each parses and makes
/// its scene, or fails with a `SceneFileError` naming a place in the file; none crashes
/// or throws anything else.
@Suite struct SceneFileMutationTests {
    /// SplitMix64: a fixed sequence, no global randomness.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    }

    static let tokens: [[UInt8]] = ["{", "}", "[", "]", ",", ":", "\"", "\\", "-", "0", "1e400", "{i/0}", "\u{0}", "\u{FF}",
                                    "\"repeat\"", "{\"count\": 1000, \"each\": ", "null", "true", "\\uD800"].map { Array($0.utf8) } + [[0xED, 0xA0, 0x80], [0xC0, 0x80]]

    @Test(arguments: ["carousel", "shake"])
    func damagedFilesFailCleanly(_ name: String) throws {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Scenes/\(name).scene.json")))
        var rng = Generator(state: name == "carousel" ? 11 : 13)
        var parsed = 0, failed = 0
        for _ in 0..<1500 {
            var bytes = original
            for _ in 0..<(1 + rng.below(3)) {
                let at = rng.below(bytes.count)
                switch rng.below(5) {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + rng.below(40)))
                case 2: bytes.insert(contentsOf: SceneFileMutationTests.tokens[rng.below(SceneFileMutationTests.tokens.count)], at: at)
                case 3: bytes = Array(bytes.prefix(at))
                default:
                    let from = rng.below(bytes.count), length = rng.below(200)
                    bytes.insert(contentsOf: bytes[from..<min(bytes.count, from + length)], at: at)
                }
                if bytes.isEmpty { break }
            }
            do {
                let file = try SceneFile.parse(data: bytes, path: "m.scene.json", directory: "/nonexistent")
                _ = try file.makeScene(options: try file.descriptor.sceneOptions([:]), viewSize: file.size)
                parsed += 1
            } catch let e as SceneFileError {
                #expect(e.file == "m.scene.json" && e.position.line >= 1 && e.position.column >= 1)
                #expect(!e.message.isEmpty)
                failed += 1
            }
        }
        #expect(parsed + failed == 1500)
        #expect(failed > 1000, "most damage is caught")
    }
}
