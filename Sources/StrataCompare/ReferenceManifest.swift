import Foundation
import StrataImage
import StrataModel

/// `strata-references.json` beside a set of reference frames: where they were drawn.
/// `--record` writes it; `check` compares it with the renderer it runs on and warns about
/// what differs, because a different Mesa, driver or font file is the most common reason
/// a frame drifts by a few levels in snapshot tools. The GL backend is recorded but not
/// compared: EGL and OSMesa give the same bytes on the same Mesa.
public struct ReferenceManifest: Codable, Equatable, Sendable {
    public static let fileName = OutputGuard.referencesManifest
    /// The format's version: 1 for frames stored as `frame-NNNNN.png`, 2 once `frames`
    /// maps frames to images stored once (`ReferenceImage`).
    public var strataReferences = 1
    /// Strata's version (`StrataVersion.current`).
    public var strata: String
    /// `egl (surfaceless)`, `osmesa`.
    public var backend: String
    /// GL_RENDERER: `llvmpipe (LLVM 15.0.6, 256 bits)`.
    public var renderer: String
    /// GL_VERSION: `4.5 (Core Profile) Mesa 22.3.6`.
    public var glVersion: String
    /// The Mesa release, when the driver is Mesa's.
    public var mesa: String?
    /// The font files the frames' text was drawn with.
    public var fonts: [FontFile]
    /// Regions every check of these references ignores, in their pixels (`check --record
    /// --mask ...` keeps them here); absent when there are none.
    public var masks: [MaskRegion]?
    /// Each frame's reference image by the SHA-256 of its pixels (`frame-00042` →
    /// `<sha256>`, stored as `<sha256>.png` beside this file), so frames that look alike
    /// share one file. Absent in a folder of `frame-NNNNN.png` files (version 1), which
    /// still reads; a frame the map does not name is looked for as `<name>.png`.
    public var frames: [String: String]? {
        didSet { strataReferences = frames == nil ? 1 : 2 }
    }

    public struct FontFile: Codable, Equatable, Sendable {
        /// The file's name (not its directory, which differs between distributions).
        public var file: String
        public var sha256: String
        public init(file: String, sha256: String) { self.file = file; self.sha256 = sha256 }
    }

    public init(strata: String, backend: String, renderer: String, glVersion: String, mesa: String?, fonts: [FontFile]) {
        self.strata = strata; self.backend = backend; self.renderer = renderer
        self.glVersion = glVersion; self.mesa = mesa; self.fonts = fonts.sorted { $0.file < $1.file }
    }

    /// What differs between the references' manifest (`self`) and this run's, each as a
    /// phrase (`Mesa 22.3.6 here, 23.1.0 in the references`); empty when nothing does.
    /// Fonts count only when both sides used a file of that name, or this run used one
    /// the references never did.
    public func differences(from run: ReferenceManifest) -> [String] {
        var found = rendererDifferences(from: run)
        if strata != run.strata { found.append("Strata \(run.strata) here, \(strata) in the references") }
        let recorded = Dictionary(fonts.map { ($0.file, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        for font in run.fonts {
            guard let hash = recorded[font.file] else {
                found.append("font \(font.file) not used by the references")
                continue
            }
            if hash != font.sha256 { found.append("font \(font.file) differs (sha256 \(font.sha256.prefix(12)) here, \(hash.prefix(12)) in the references)") }
        }
        return found
    }

    /// The renderer's and GL's (which names Mesa's release) differences, as `differences` words them.
    func rendererDifferences(from run: ReferenceManifest) -> [String] {
        var found: [String] = []
        if renderer != run.renderer { found.append("renderer '\(run.renderer)' here, '\(renderer)' in the references") }
        if glVersion != run.glVersion { found.append("GL '\(run.glVersion)' here, '\(glVersion)' in the references") }
        return found
    }

    /// Why frames drawn by `run` may differ from these references by more than a change
    /// of the scene, in one phrase; nil when `run` draws with their renderer, GL and Mesa
    /// and has every font they name with the same bytes (`run.fonts`: those fonts as
    /// installed here), so a changed byte is a changed frame.
    public func reasonNotExact(against run: ReferenceManifest) -> String? {
        if let first = rendererDifferences(from: run).first { return first }
        if mesa != run.mesa { return "Mesa \(run.mesa ?? "none") here, \(mesa ?? "none") in the references" }
        let here = Dictionary(run.fonts.map { ($0.file, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        for font in fonts where here[font.file] != font.sha256 {
            return here[font.file] == nil ? "font \(font.file) of the references is not installed here"
                : "font \(font.file) differs (sha256 \(here[font.file]!.prefix(12)) here, \(font.sha256.prefix(12)) in the references)"
        }
        return nil
    }

    /// The one warning `check` prints when the references were made elsewhere, or nil.
    public func warning(against run: ReferenceManifest, directory: String) -> String? {
        let found = differences(from: run)
        guard !found.isEmpty else { return nil }
        return "references in \(directory) were drawn elsewhere: " + found.joined(separator: "; ")
            + "; frames may drift for that reason"
    }

    /// A manifest is a few kilobytes and about 90 bytes a frame: 16 MiB holds over
    /// 150,000 frames, more than a replay may have (`--frame-limit`'s 100,000).
    public static let manifestLimit = 16 << 20

    /// The manifest in `directory`, nil when it has none. A manifest that is there but
    /// unreadable is an error naming the file.
    public static func read(directory: String) throws -> ReferenceManifest? {
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: manifestLimit) } catch {
            throw RenderError.io("\(path): cannot read the references manifest: \(error)")
        }
        let manifest: ReferenceManifest
        do { manifest = try JSONReader.decode(ReferenceManifest.self, from: data) } catch {
            throw RenderError.io(error.located(in: path, "not a Strata references manifest"))
        }
        // Names and hashes become file names: only frame-like names and real hashes.
        for (name, hash) in manifest.frames ?? [:] {
            guard ReferenceImage.isSHA256(hash) else {
                throw RenderError.io("\(path): frame \(SummaryText.quoted(name)) maps to \(SummaryText.quoted(hash)), not a SHA-256 (64 lower-case hex digits)")
            }
            guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", !name.contains("\0") else {
                throw RenderError.io("\(path): \(SummaryText.quoted(name)) is not a frame name")
            }
        }
        return manifest
    }

    /// Writes `directory/strata-references.json` atomically, keys sorted, one per line.
    public func write(directory: String) throws {
        let bytes = try JSONWriter.bytes(self, format: .init(.indented, keys: .sorted)) + [0x0A]
        try AtomicFile.write(bytes, to: (directory as NSString).appendingPathComponent(Self.fileName))
    }
}
