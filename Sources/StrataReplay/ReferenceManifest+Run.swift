import Foundation
import StrataCompare
import StrataDigest
import StrataDriver
import StrataRender
import StrataText

extension ReferenceManifest {
    /// The manifest of frames drawn by `renderer` with the fonts `fonts` has opened so
    /// far: call it after the frames, so only the fonts their text used are hashed.
    public static func drawn(by renderer: Renderer, fonts: FontLibrary = .shared) throws -> ReferenceManifest {
        let info = (renderer.surface as? any OffscreenSurface)?.renderer
        let files = try fonts.loadedFontFiles.map { path in
            do { return FontFile(file: (path as NSString).lastPathComponent, sha256: try SHA256.hex(ofFileAt: path)) } catch {
                throw RenderError.io("\(error)")
            }
        }
        return ReferenceManifest(strata: StrataVersion.current, backend: info?.backendLabel ?? "window",
                                 renderer: info?.renderer ?? renderer.rendererDescription,
                                 glVersion: info?.version ?? "", mesa: info?.mesaVersion, fonts: files)
    }
}
