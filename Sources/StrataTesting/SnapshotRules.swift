import Foundation
import StrataCompare
import StrataModel
import StrataRender
import StrataReplay

/// An assertion's comparison options as given: any of `threshold`, `maxDiffPixels` and
/// `exact` sets the rules, as `strata check`'s options do; with none, `ComparisonDefault`
/// chooses exact or the threshold from the directory's manifest. `mask` is in view points.
struct SnapshotRules {
    var threshold: Double?
    var maxDiffPixels: Int?
    var exact: Bool?
    var mask: [Rect]
    var scale: Double

    /// The rules as given (exact, else the threshold and pixel count), without masks.
    var given: CompareOptions {
        exact == true ? CompareOptions.exact : CompareOptions(threshold: threshold ?? 0.1, tolerance: .maxDiffPixels(maxDiffPixels ?? 0))
    }

    /// How rules are chosen: as given when any is, else by `STRATA_COMPARE` and the manifest.
    var comparison: ComparisonDefault {
        get throws { threshold == nil && maxDiffPixels == nil && exact == nil ? try ComparisonDefault.fromEnvironment() : .threshold }
    }

    /// The options for frames of `width` x `height` pixels checked against `directory`,
    /// and why they are the threshold's when that was chosen by default.
    func options(directory: String, renderer: Renderer, width: Int, height: Int) throws -> (CompareOptions, String?) {
        let masks = MaskRegion.pixels(fromPoints: mask, scale: scale, frameWidth: width, frameHeight: height)
        var given = self.given
        given.masks = masks
        return try comparison.rules(given, recorded: try ReferenceManifest.read(directory: directory)) {
            try ReferenceManifest.installed(for: renderer, fontsOf: $0)
        }
    }

    /// After a snapshot was recorded into `directory`: its manifest names this renderer
    /// and the fonts of every snapshot recorded there on it (one directory holds many),
    /// and keeps the map of snapshots stored by hash (`frames`, the checker's after its writes).
    static func recordManifest(in directory: String, drawnBy renderer: Renderer, frames: [String: String]? = nil) throws {
        var manifest = try ReferenceManifest.drawn(by: renderer)
        manifest.frames = frames
        if let old = try ReferenceManifest.read(directory: directory), old.renderer == manifest.renderer, old.glVersion == manifest.glVersion {
            let files = Set(manifest.fonts.map(\.file))
            manifest.fonts = (manifest.fonts + old.fonts.filter { !files.contains($0.file) }).sorted { $0.file < $1.file }
            manifest.masks = old.masks
        }
        try manifest.write(directory: directory)
    }
}
