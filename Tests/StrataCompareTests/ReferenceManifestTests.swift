import Foundation
import Testing
import StrataCompare
import StrataDigest
import StrataImage
import StrataModel

/// `strata-references.json`: what differs between where references were drawn and
/// where they are checked, and the file itself.
@Suite struct ReferenceManifestTests {
    static let here = ReferenceManifest(
        strata: "0.2", backend: "egl (surfaceless)", renderer: "llvmpipe (LLVM 15.0.6, 256 bits)",
        glVersion: "4.5 (Core Profile) Mesa 22.3.6", mesa: "22.3.6",
        fonts: [.init(file: "Inter-Regular.otf", sha256: "a7e791e8f5a0fb02b656"), .init(file: "NotoSansCJK-Regular.ttc", sha256: "b76b0433")])

    static func changed(_ edit: (inout ReferenceManifest) -> Void) -> ReferenceManifest {
        var m = here
        edit(&m)
        return m
    }

    /// (references' manifest, this run's, the phrases expected).
    static let cases: [(String, ReferenceManifest, ReferenceManifest, [String])] = [
        ("same", here, here, []),
        ("backend only", changed { $0.backend = "osmesa" }, here, []),
        ("other Mesa", changed { $0.glVersion = "4.5 (Core Profile) Mesa 23.1.0"; $0.mesa = "23.1.0" }, here,
         ["GL '4.5 (Core Profile) Mesa 22.3.6' here, '4.5 (Core Profile) Mesa 23.1.0' in the references"]),
        ("other renderer", changed { $0.renderer = "NVIDIA GeForce RTX 3060/PCIe/SSE2" }, here,
         ["renderer 'llvmpipe (LLVM 15.0.6, 256 bits)' here, 'NVIDIA GeForce RTX 3060/PCIe/SSE2' in the references"]),
        ("other Strata", changed { $0.strata = "0.1" }, here, ["Strata 0.2 here, 0.1 in the references"]),
        ("font changed", changed { $0.fonts[0].sha256 = "0123456789abcdef" }, here,
         ["font Inter-Regular.otf differs (sha256 a7e791e8f5a0 here, 0123456789ab in the references)"]),
        ("font the references never used", changed { $0.fonts.removeLast() }, here,
         ["font NotoSansCJK-Regular.ttc not used by the references"]),
        ("a font only the references used", here, changed { $0.fonts.removeLast() }, []),
    ]

    @Test(arguments: 0..<cases.count)
    func differences(_ i: Int) {
        let (name, references, run, expected) = Self.cases[i]
        #expect(references.differences(from: run) == expected, "\(name)")
        #expect((references.warning(against: run, directory: "refs") == nil) == expected.isEmpty, "\(name)")
    }

    @Test func theWarningIsOneLineNamingTheDirectoryAndEveryDifference() {
        let references = Self.changed { $0.strata = "0.1"; $0.renderer = "softpipe" }
        #expect(references.warning(against: Self.here, directory: "Traces/references/x")
                == "references in Traces/references/x were drawn elsewhere: renderer 'llvmpipe (LLVM 15.0.6, 256 bits)' here, "
                + "'softpipe' in the references; Strata 0.2 here, 0.1 in the references; frames may drift for that reason")
    }

    @Test func writtenAndReadBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try ReferenceManifest.read(directory: dir) == nil)
        try Self.here.write(directory: dir)
        #expect(try ReferenceManifest.read(directory: dir) == Self.here)
        let text = try String(contentsOfFile: dir + "/strata-references.json", encoding: .utf8)
        #expect(text.contains("\"renderer\" : \"llvmpipe (LLVM 15.0.6, 256 bits)\""))
        #expect(text.hasSuffix("}\n"))
    }

    /// The reader's errors name the line and column (the manifest is pretty-printed, a
    /// value a line), and duplicate keys are refused as everywhere.
    @Test(arguments: [("{\"strataReferences\": 1, \"strata\": 1}", "1:35: not a Strata references manifest: strata: expected a string, found 1"),
                      ("{", "1:2: not a Strata references manifest: expected a key in double quotes, found the end of the file"),
                      ("{\"strataReferences\": 1, \"strata\": \"0.2\"}", "1:1: not a Strata references manifest: missing \"backend\""),
                      ("[]", "1:1: not a Strata references manifest: expected an object, found an array"),
                      ("{\"strata\": \"0.2\"}", "1:1: not a Strata references manifest: missing \"strataReferences\""),
                      ("{\n\"strataReferences\": 2,\n\"strataReferences\": 2}",
                       "3:1: not a Strata references manifest: duplicate key \"strataReferences\" (first at line 2, column 1)")])
    func aBrokenManifestIsAnErrorNamingTheFileAndLine(text: String, reason: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-bad-\(getpid())-\(text.utf8.count)-\(reason.count)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/strata-references.json"))
        #expect(throws: RenderError.io("\(dir)/strata-references.json:\(reason)")) {
            try ReferenceManifest.read(directory: dir)
        }
    }

    /// FIPS 180-2's examples, and a file read in blocks gives the digest of its bytes.
    @Test func sha256() throws {
        #expect(SHA256.hex(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Past one 1 MiB block, so the digest spans reads.
        let bytes = [UInt8](repeating: 0x61, count: 1_000_000) + [UInt8](repeating: 0x62, count: 100_000)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try SHA256.hex(ofFileAt: path) == SHA256.hex(of: bytes))
        #expect(SHA256.hex(of: [UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(throws: Diagnostic.self) { try SHA256.hex(ofFileAt: "/nonexistent/font.otf") }
    }
}
