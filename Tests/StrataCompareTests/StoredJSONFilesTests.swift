import Foundation
@testable import StrataCompare
import StrataModel
import Testing

/// The files kept with references in this repository, written before the strict reader
/// existed, read through it to the same values Foundation's decoder gives: the shipped
/// traces' and scenes' manifests and layer trees, and the example package's manifests.
/// Written again through `JSONWriter`, each gives its own bytes back.
@Suite struct StoredJSONFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Every file of that name under the repository's references (the build folder left out).
    static func files(named name: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            let last = (path as NSString).lastPathComponent
            if last == ".build" || last == ".git" { enumerator?.skipDescendants(); continue }
            if last == name { found.append(root + "/" + path) }
        }
        return found.sorted()
    }

    @Test func manifestsReadAsFoundationReadsThem() throws {
        let paths = Self.files(named: ReferenceManifest.fileName)
        #expect(paths.count >= 12, "\(paths)")
        for path in paths {
            let directory = (path as NSString).deletingLastPathComponent
            let ours = try #require(try ReferenceManifest.read(directory: directory))
            let foundation = try JSONDecoder().decode(ReferenceManifest.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(ours == foundation, "\(path)")
        }
    }

    @Test func layerTreesReadAsFoundationReadsThem() throws {
        struct File: Decodable { var strataLayers: Int; var scale: Double; var frames: [ReferenceTrees.Frame] }
        let paths = Self.files(named: ReferenceTrees.fileName)
        #expect(paths.count >= 10, "\(paths)")
        for path in paths {
            let ours = try #require(try ReferenceTrees.read(path))
            let foundation = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(ours.scale == foundation.scale && ours.frames == foundation.frames, "\(path)")
            #expect(!ours.frames.isEmpty)
        }
    }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func manifestsWrittenAgainKeepTheirBytes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-stored-manifests-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for path in Self.files(named: ReferenceManifest.fileName) + [Self.root + "/Fuzz/Corpus/manifest/carousel-drag.json"] {
            let manifest = try JSONReader.decode(ReferenceManifest.self, from: Self.bytes(path))
            try manifest.write(directory: dir)
            #expect(try Self.bytes(dir + "/" + ReferenceManifest.fileName) == Self.bytes(path), "\(path)")
        }
    }

    @Test func layerTreesWrittenAgainKeepTheirBytes() throws {
        for path in Self.files(named: ReferenceTrees.fileName) {
            let trees = try #require(try ReferenceTrees.read(path))
            #expect(try ReferenceTrees.bytes(scale: trees.scale, frames: trees.frames) == Self.bytes(path), "\(path)")
        }
    }

    /// The fuzz corpus's results file that `check --results-dir` wrote (the other is typed by hand).
    @Test func aStoredResultsFileWrittenAgainKeepsItsBytes() throws {
        let path = Self.root + "/Fuzz/Corpus/results/failing.json"
        let file = try JSONReader.decode(CheckResultsFile.File.self, from: Self.bytes(path))
        let again = try JSONWriter.bytes(file, format: .init(.indented, keys: .sorted, slashes: .escaped)) + [0x0A]
        #expect(again == (try Self.bytes(path)))
    }
}
