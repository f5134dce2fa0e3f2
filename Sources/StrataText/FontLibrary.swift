import CFontconfig
import CFreeType
import Foundation
import StrataModel

/// Finds fonts with fontconfig and opens them with FreeType: the primary face of a
/// `Font` (its optical family, in the installed face nearest its weight) and, per character, a
/// fallback face when the primary has no glyph for it.
///
/// Fallback works as iOS's cascade list does, made deterministic: first the families of
/// `cascade` whose script the character belongs to (Noto Sans CJK SC for Chinese,
/// standing in for PingFang SC), so the seeds' Chinese always comes from the same face
/// whatever else is installed; then fontconfig's own order (FcFontSort of the primary
/// family, the weight and `fallbackLanguage`), taking the first font whose charset has
/// the character. A character no font has is drawn as the primary face's .notdef box.
///
/// A family that is not installed is an error naming the Debian package to install.
/// One library is shared by every text layer (`shared`); everything in it is guarded by
/// one lock, because FreeType faces must not be used from two threads at once.
public final class FontLibrary: @unchecked Sendable {
    /// The system's fonts, as fontconfig's configuration finds them.
    public static let shared = FontLibrary()

    /// A family tried before fontconfig's order for the characters of one script.
    public struct CascadeEntry: Sendable {
        public var family: String
        public var covers: @Sendable (Unicode.Scalar) -> Bool
        public init(family: String, covers: @escaping @Sendable (Unicode.Scalar) -> Bool) {
            self.family = family; self.covers = covers
        }
    }

    /// Simplified Chinese first: the seeds' strings are zh-Hans (PingFang SC on iOS).
    /// Then the scripts that need shaping, each from its Noto Sans family (fonts-noto-core),
    /// standing in for iOS's Geeza Pro / SF Arabic, SF Hebrew, Kohinoor Devanagari and
    /// Thonburi, so their text never comes from whichever font fontconfig ranks first.
    public static let defaultCascade = [
        CascadeEntry(family: "Noto Sans CJK SC", covers: Script.isCJK),
        CascadeEntry(family: "Noto Sans Arabic", covers: { (0x0600...0x06FF).contains($0.value) || (0x0750...0x077F).contains($0.value)
            || (0x08A0...0x08FF).contains($0.value) || (0xFB50...0xFDFF).contains($0.value) || (0xFE70...0xFEFF).contains($0.value) }),
        CascadeEntry(family: "Noto Sans Hebrew", covers: { (0x0590...0x05FF).contains($0.value) || (0xFB1D...0xFB4F).contains($0.value) }),
        CascadeEntry(family: "Noto Sans Devanagari", covers: { (0x0900...0x097F).contains($0.value) || (0xA8E0...0xA8FF).contains($0.value) }),
        CascadeEntry(family: "Noto Sans Thai", covers: { (0x0E00...0x0E7F).contains($0.value) }),
    ]

    public let cascade: [CascadeEntry]
    /// The language fontconfig ranks fallback fonts for (its `lang` property).
    public let fallbackLanguage: String

    private let freeType = FreeTypeLibrary()
    private var lock: NSRecursiveLock { freeType.lock }
    private let config: OpaquePointer?
    private var faces: [FontFace] = []
    private var facesByFile: [String: FontFace] = [:]
    private var primaryFaces: [FaceRequest: Result<FontFace, FontError>] = [:]
    private var sortedFonts: [FaceRequest: UnsafeMutablePointer<FcFontSet>] = [:]
    private var fallbacks: [FallbackKey: FontFace?] = [:]
    private var layouts: [LayoutKey: TextLayout] = [:]

    /// The system's fonts.
    public convenience init(cascade: [CascadeEntry] = FontLibrary.defaultCascade, fallbackLanguage: String = "zh-cn") {
        self.init(config: FcInitLoadConfigAndFonts(), cascade: cascade, fallbackLanguage: fallbackLanguage)
    }

    /// Only the fonts in these directories, with no fontconfig configuration (no
    /// aliases): for tests that need a font to be missing.
    public convenience init(fontDirectories: [String], cascade: [CascadeEntry] = FontLibrary.defaultCascade,
                            fallbackLanguage: String = "zh-cn") {
        // A configuration of just these directories, with a cache directory of its own
        // (fontconfig complains on stderr when it has none it may write).
        func escaped(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        let cache = (NSTemporaryDirectory() as NSString).appendingPathComponent("strata-fontconfig-cache")
        let xml = "<?xml version=\"1.0\"?><fontconfig>"
            + fontDirectories.map { "<dir>\(escaped($0))</dir>" }.joined()
            + "<cachedir>\(escaped(cache))</cachedir></fontconfig>"
        let config = FcConfigCreate()
        _ = xml.withCString { p in
            p.withMemoryRebound(to: FcChar8.self, capacity: xml.utf8.count + 1) { FcConfigParseAndLoadFromMemory(config, $0, FcTrue) }
        }
        FcConfigBuildFonts(config)
        self.init(config: config, cascade: cascade, fallbackLanguage: fallbackLanguage)
    }

    private init(config: OpaquePointer?, cascade: [CascadeEntry], fallbackLanguage: String) {
        self.config = config
        self.cascade = cascade
        self.fallbackLanguage = fallbackLanguage
    }

    deinit {
        sortedFonts.values.forEach { FcFontSetDestroy($0) }
        if let config { FcConfigDestroy(config) }
    }

    // MARK: Faces

    /// The face drawing `font`'s family at its weight, from the family's own files.
    /// The font files opened so far, each once, in the order first used: what a frame's
    /// text was drawn with (reference manifests hash them).
    public var loadedFontFiles: [String] {
        lock.lock(); defer { lock.unlock() }
        var seen = Set<String>()
        return faces.map(\.path).filter { seen.insert($0).inserted }
    }

    /// The installed font files of this configuration named `fileName` (no directory):
    /// where a reference manifest's font is on this machine, before anything is drawn.
    public func installedFontFiles(named fileName: String) -> [String] {
        lock.withLock {
            let pattern = FcPatternCreate()
            defer { FcPatternDestroy(pattern) }
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            FcObjectSetAdd(objects, FC_FILE)
            guard let set = FcFontList(config, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(set) }
            var found = Set<String>()
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                found.formUnion(strings(font, FC_FILE).filter { ($0 as NSString).lastPathComponent == fileName })
            }
            return found.sorted()
        }
    }

    public func face(for font: Font) throws -> FontFace {
        try face(family: font.opticalFamily, weight: font.weight)
    }

    public func face(family: String, weight: Font.Weight) throws -> FontFace {
        try lock.withLock {
            let request = FaceRequest(family: family, weight: weight)
            if let cached = primaryFaces[request] { return try cached.get() }
            let result: Result<FontFace, FontError>
            do { result = .success(try matchFace(request)) } catch let e as FontError { result = .failure(e) }
            primaryFaces[request] = result
            return try result.get()
        }
    }

    /// The face that draws `scalar` for `font`: the primary face when it has the glyph,
    /// else the fallback described above; nil when no installed font has it.
    public func face(for scalar: Unicode.Scalar, font: Font) throws -> FontFace? {
        let primary = try face(for: font)
        if primary.hasGlyph(for: scalar) { return primary }
        return try lock.withLock {
            let key = FallbackKey(request: FaceRequest(family: font.opticalFamily, weight: font.weight), scalar: scalar.value)
            if let cached = fallbacks[key] { return cached }
            var found: FontFace?
            for entry in cascade where entry.covers(scalar) {
                let f = try face(family: entry.family, weight: font.weight)
                if f.hasGlyph(for: scalar) { found = f; break }
            }
            if found == nil { found = try fontconfigFallback(key.request, scalar) }
            fallbacks[key] = found
            return found
        }
    }

    /// The primary face's metrics at the font's size.
    public func metrics(for font: Font) throws -> FontMetrics {
        try face(for: font).metrics(size: font.size)
    }

    // MARK: Layout cache

    /// `TextLayout(string:style:width:height:)` through a cache: layers are laid out
    /// again every frame, and most frames change no text.
    public func layout(_ string: String, style: TextStyle, width: Double? = nil, height: Double? = nil) throws -> TextLayout {
        let key = LayoutKey(string: string, style: style, width: width, height: height)
        if let hit = lock.withLock({ layouts[key] }) { return hit }
        let layout = try TextLayout(string: string, style: style, width: width, height: height, library: self)
        lock.withLock {
            if layouts.count >= 512 { layouts = [:] }
            layouts[key] = layout
        }
        return layout
    }

    // MARK: fontconfig

    private func pattern(_ request: FaceRequest, language: String?) -> OpaquePointer? {
        let p = FcPatternCreate()
        addString(p, FC_FAMILY, request.family)
        FcPatternAddDouble(p, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(request.weight.value)))
        FcPatternAddInteger(p, FC_SLANT, FC_SLANT_ROMAN)
        if let language { addString(p, FC_LANG, language) }
        FcConfigSubstitute(config, p, FcMatchPattern)
        FcDefaultSubstitute(p)
        return p
    }

    private func matchFace(_ request: FaceRequest) throws -> FontFace {
        let missing = FontError.familyNotFound(family: request.family, package: FontPackages.package(forFamily: request.family))
        guard let p = pattern(request, language: nil) else { throw missing }
        defer { FcPatternDestroy(p) }
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, p, &result) else { throw missing }
        defer { FcPatternDestroy(match) }
        // fontconfig always answers with something; only the family asked for will do.
        let wanted = request.family.lowercased()
        guard strings(match, FC_FAMILY).contains(where: { $0.lowercased() == wanted }) else { throw missing }
        return try openFace(match)
    }

    private func fontconfigFallback(_ request: FaceRequest, _ scalar: Unicode.Scalar) throws -> FontFace? {
        let set: UnsafeMutablePointer<FcFontSet>
        if let s = sortedFonts[request] {
            set = s
        } else {
            guard let p = pattern(request, language: fallbackLanguage) else { return nil }
            defer { FcPatternDestroy(p) }
            var result = FcResultNoMatch
            guard let s = FcFontSort(config, p, FcTrue, nil, &result) else { return nil }
            sortedFonts[request] = s
            set = s
        }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
                  FcCharSetHasChar(charset, scalar.value) != 0 else { continue }
            let face = try openFace(font)
            if face.hasGlyph(for: scalar) { return face }
        }
        return nil
    }

    private func openFace(_ pattern: OpaquePointer) throws -> FontFace {
        guard let path = strings(pattern, FC_FILE).first else {
            throw FontError.familyNotFound(family: strings(pattern, FC_FAMILY).first ?? "?", package: nil)
        }
        var index: Int32 = 0
        FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        let fileKey = "\(path)#\(index)"
        if let f = facesByFile[fileKey] { return f }
        guard let lib = freeType.library else { throw FontError.freeTypeUnavailable(freeType.error) }
        var ftFace: FT_Face?
        let error = FT_New_Face(lib, path, FT_Long(index), &ftFace)
        guard error == 0, let ftFace else { throw FontError.unreadableFont(path: path, freeTypeError: error) }
        let face = FontFace(id: faces.count, face: ftFace, path: path, faceIndex: Int(index), freeType: freeType)
        faces.append(face)
        facesByFile[fileKey] = face
        return face
    }

    private func addString(_ p: OpaquePointer?, _ object: String, _ value: String) {
        value.withCString { v in
            v.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { _ = FcPatternAddString(p, object, $0) }
        }
    }

    private func strings(_ p: OpaquePointer, _ object: String) -> [String] {
        var out: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(p, object, n, &value) == FcResultMatch, let v = value {
            out.append(String(cString: v))
            n += 1
        }
        return out
    }

    private struct FaceRequest: Hashable {
        var family: String
        var weight: Font.Weight
    }

    private struct FallbackKey: Hashable {
        var request: FaceRequest
        var scalar: UInt32
    }

    private struct LayoutKey: Hashable {
        var string: String
        var style: TextStyle
        var width: Double?
        var height: Double?
    }
}
