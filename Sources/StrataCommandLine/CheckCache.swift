import Foundation
import StrataCompare
import StrataDigest
import StrataImage
import StrataModel

/// Passing results of `strata check`, so a trace whose frames cannot have changed is not
/// replayed again. An entry is one small file, `<key>.json`, whose name is the SHA-256 of
/// everything that decides the trace's frames and how they are judged (`CheckCacheKey`):
/// it exists only for a check that passed. Entries are written atomically (temporary and
/// rename), so concurrent runs see a whole entry or none; a write that fails (a full disk,
/// a read-only home) is skipped and never fails the check. Only passing checks are kept:
/// a failure is always replayed, so its report is always fresh.
///
/// The folder: `STRATA_CACHE_DIR` (`off`: no cache), else `$XDG_CACHE_HOME/strata/check`, else
/// `$HOME/.cache/strata/check`, never inside references; `check --no-cache` neither reads
/// nor writes it.
struct CheckCache {
    let directory: String

    /// What a cached pass holds: the frames that passed, by name, and their size.
    struct Entry: Codable, Equatable {
        var key: String
        var trace: String
        var width: Int
        var height: Int
        var frames: [String]
    }

    /// An entry is a few kilobytes a thousand frames.
    static let entryLimit = 8 << 20

    /// The folder for this environment, nil when there is no home to put it in.
    static func location(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let dir = environment["STRATA_CACHE_DIR"], !dir.isEmpty { return dir == "off" ? nil : dir }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/strata/check" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/strata/check" }
        return nil
    }

    private func path(_ key: String) -> String { directory + "/" + key + ".json" }

    /// Whether the folder holds any entry at all, `<key>.json` (false when missing or unreadable): a
    /// cache without one cannot hold a trace's, so no key need be computed to know.
    var holdsEntries: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).contains {
            $0.hasSuffix(".json") && SHA256.isHex(String($0.dropLast(".json".count)))
        }
    }

    /// The pass stored under `key`, or nil (none, unreadable, or not this key's).
    func lookup(_ key: String) -> Entry? {
        guard let bytes = try? BoundedFile.read(path(key), limit: Self.entryLimit),
              let entry = try? JSONReader.decode(Entry.self, from: bytes), entry.key == key else { return nil }
        return entry
    }

    /// The file digests a run before kept (`FileDigests`), trusted while each file's
    /// identity holds; a missing, unreadable or malformed table is none.
    func loadFileDigests() {
        guard let bytes = try? BoundedFile.read(directory + "/" + Self.digestsFile, limit: 1 << 20),
              let entries = try? JSONReader.decode([FileDigests.Entry].self, from: bytes) else { return }
        FileDigests.shared.remember(entries)
    }

    /// Keeps the digests this process took for the next run, if it took any; as `store`,
    /// atomically, and a failure costs the next run some hashing, nothing more.
    func saveFileDigests() {
        guard FileDigests.shared.hashedCount > 0, let bytes = try? JSONWriter.bytes(FileDigests.shared.entries) else { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try AtomicFile.write(bytes, to: directory + "/" + Self.digestsFile)
        } catch {
            // As a failed entry: the next run hashes again.
        }
    }

    /// The table of file digests, beside the entries (not one: its name is no key).
    static let digestsFile = "file-digests.json"

    /// Stores a pass; any failure is ignored (the check's result does not depend on it).
    func store(_ entry: Entry) {
        guard let bytes = try? JSONWriter.bytes(entry) else { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try AtomicFile.write(bytes, to: path(entry.key))
        } catch {
            // A full disk or a read-only cache costs the next run a replay, nothing more.
        }
    }
}

/// The cache key of one trace's check: SHA-256 over, each as a labelled field, Strata's
/// version and its own executable's bytes (a rebuilt renderer is another key), the
/// trace's bytes, the scene file's bytes and the images it names, the references' manifest
/// and every reference file (name and bytes), the renderer, GL and Mesa this run draws
/// with and the font files the references name as installed here, the replay's settings
/// and the comparison's rules (masks included).
struct CheckCacheKey {
    private let digest = SHA256.Digest()

    init(version: String) {
        field("strata-check-cache", "1")
        field("strata", version)
        field("executable", CheckCacheKey.executableDigest)
    }

    mutating func field(_ label: String, _ value: String) {
        digest.update(field: label)
        digest.update(field: value)
    }

    /// The file's bytes under `label`; throws when it cannot be read (no key, no cache).
    mutating func file(_ label: String, _ path: String) throws {
        field(label, path)
        field(label + " sha256", try SHA256.hex(ofFileAt: path))
    }

    /// Every file in `directory` that is a reference or the manifest, sorted by name.
    mutating func references(_ directory: String) throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        field("references", OutputGuard.resolved(directory))
        for name in names where FrameFileName.isFrame(name) || ReferenceImage.isImageFile(name) || name == ReferenceManifest.fileName {
            try file("reference", directory + "/" + name)
        }
    }

    func finish() -> String { digest.finish() }

    /// The running executable's SHA-256, once a process (by its real path: `FileDigests`
    /// keeps it between runs while the file is the same).
    static let executableDigest: String = {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
        return (try? FileDigests.shared.sha256(ofFileAt: path)) ?? "unknown \(CommandLine.arguments.first ?? "")"
    }()
}
