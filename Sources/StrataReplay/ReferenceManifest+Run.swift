import Foundation
import StrataCompare
import StrataDigest
import StrataDriver
import StrataRender

extension ReferenceManifest {
    /// The manifest of frames drawn by `renderer`: its GL and the font files their glyphs
    /// came from since `renderer.forgetFontFilesDrawn()` (call it after the frames).
    public static func drawn(by renderer: Renderer) throws -> ReferenceManifest {
        let info = (renderer.surface as? any OffscreenSurface)?.renderer
        let files = try renderer.fontFilesDrawn.sorted().map { path in
            do { return FontFile(file: (path as NSString).lastPathComponent, sha256: try SHA256.hex(ofFileAt: path)) } catch {
                throw RenderError.io("\(error)")
            }
        }
        return ReferenceManifest(strata: StrataVersion.current, backend: info?.backendLabel ?? "window",
                                 renderer: info?.renderer ?? renderer.rendererDescription,
                                 glVersion: info?.version ?? "", mesa: info?.mesaVersion, fonts: files)
    }
}
