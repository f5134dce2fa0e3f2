import Foundation
import StrataImage

/// What a `check --update` stages besides the images its `ReferenceChecker` wrote: the
/// manifest, and which files stay once the update is committed.
/// - `all`: the manifest of this run (`drawn`), mapping every frame it produced to its
///   image; any older frame file or image it no longer names is removed.
/// - `missing`, `changed` in a folder stored by hash: the recorded manifest with the new
///   map; images no frame names any more are removed.
/// - `missing`, `changed` in a folder of the older layout: frame files as before, and a
///   manifest only where there was none (the references added were drawn here).
public struct ReferenceUpdate {
    /// The manifest to stage, if any.
    public let manifest: ReferenceManifest?
    /// The reference files to keep (`ReferenceRecording.commit(keeping:)`); nil removes nothing.
    public let keeping: Set<String>?
    /// How many `frame-NNNNN.png` files of the older layout the map now stands for.
    public let converted: Int

    public init(checker: ReferenceChecker, mode: RecordMode, recorded: ReferenceManifest?, drawn: ReferenceManifest?,
                produced: Set<String>) throws {
        let legacy = FrameDirectory.frames(in: checker.directory)
        if checker.writesByHash {
            let map = checker.frameImages
            var manifest = mode == .all ? drawn : recorded ?? drawn
            manifest?.frames = map
            self.manifest = mode == .all || checker.frameImagesChanged || recorded == nil ? manifest : nil
            keeping = try checker.filesInUse()
            converted = legacy.filter { map?[String($0.dropLast(4))] != nil }.count
        } else {
            manifest = mode == .all || (checker.result.changed > 0 && recorded == nil) ? drawn : nil
            keeping = mode == .all ? produced : nil
            converted = 0
        }
    }

    /// Writes the manifest into the staging directory.
    public func stage(into staging: String) throws {
        try manifest?.write(directory: staging)
    }

    /// `, 3 stale references removed` (what `--update all` says after its summary); the
    /// older layout's frame files that became images are told apart from stale ones.
    public func removalNote(_ removed: Int) -> String {
        let stale = removed - converted
        var note = ""
        if converted > 0 { note += ", \(converted) frame \(converted == 1 ? "file" : "files") of the older layout now stored once by hash" }
        if stale > 0 { note += ", \(stale) stale \(stale == 1 ? "reference" : "references") removed" }
        return note
    }
}
