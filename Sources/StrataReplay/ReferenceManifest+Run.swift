import Foundation
import StrataCompare
import StrataDigest
import StrataDriver
import StrataRender
import StrataText

extension ReferenceManifest {
    /// The manifest of frames drawn by `renderer`: its GL and the font files their glyphs
    /// came from since `renderer.forgetFontFilesDrawn()` (call it after the frames).
    public static func drawn(by renderer: Renderer) throws -> ReferenceManifest {
        try manifest(renderer, fonts: try renderer.fontFilesDrawn.sorted().map(fontFile))
    }

    /// This run's renderer with the fonts `recorded` names as installed here (one with the
    /// recorded bytes if there is one; a font not installed is left out): known before a
    /// frame is drawn, for `ComparisonDefault` to decide whether to compare exactly.
    public static func installed(for renderer: Renderer, fontsOf recorded: ReferenceManifest,
                                 library: FontLibrary = .shared) throws -> ReferenceManifest {
        let fonts = try recorded.fonts.compactMap { font -> FontFile? in
            let here = try library.installedFontFiles(named: font.file).map(fontFile)
            return here.first { $0.sha256 == font.sha256 } ?? here.first
        }
        return try manifest(renderer, fonts: fonts)
    }

    private static func fontFile(_ path: String) throws -> FontFile {
        FontFile(file: (path as NSString).lastPathComponent, sha256: try FileDigests.shared.sha256(ofFileAt: path))
    }

    private static func manifest(_ renderer: Renderer, fonts files: [FontFile]) throws -> ReferenceManifest {
        let info = (renderer.surface as? any OffscreenSurface)?.renderer
        return ReferenceManifest(strata: StrataVersion.current, backend: info?.backendLabel ?? "window",
                                 renderer: info?.renderer ?? renderer.rendererDescription,
                                 glVersion: info?.version ?? "", mesa: info?.mesaVersion, fonts: files)
    }
}
