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

    @Test(arguments: [("{\"strataReferences\": 1, \"strata\": 1}", "'strata' has the wrong type"), ("{", "not valid JSON"),
                      ("{\"strataReferences\": 1, \"strata\": \"0.2\"}", "no 'backend'"), ("[]", "not an object"),
                      ("{\"strata\": \"0.2\"}", "no 'strataReferences'")])
    func aBrokenManifestIsAnErrorNamingTheFile(text: String, reason: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-bad-\(getpid())-\(reason.count)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/strata-references.json"))
        #expect(throws: RenderError.io("\(dir)/strata-references.json: not a Strata references manifest (\(reason))")) {
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
