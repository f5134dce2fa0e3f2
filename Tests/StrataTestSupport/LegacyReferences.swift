import Foundation

/// Rewrites a references folder stored by hash (`strata-references.json`'s `frames`
/// naming `<sha256>.png` images) as the older layout, one `<frame>.png` per frame and a
/// manifest without the map: for tests of how strata still reads, checks and updates such
/// folders, which edit single frame files.
public func storeFramesAsFiles(_ directory: String) throws {
    let fm = FileManager.default
    let manifestPath = directory + "/strata-references.json"
    guard var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestPath))) as? [String: Any],
          let frames = manifest["frames"] as? [String: String] else { return }
    for (name, hash) in frames {
        try fm.copyItem(atPath: directory + "/" + hash + ".png", toPath: directory + "/" + name + ".png")
    }
    for hash in Set(frames.values) { try fm.removeItem(atPath: directory + "/" + hash + ".png") }
    manifest["frames"] = nil
    manifest["strataReferences"] = 1
    try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys])
        .write(to: URL(fileURLWithPath: manifestPath))
}

/// The frame → image map of a references folder stored by hash (empty for the older layout).
public func referenceFrameMap(_ directory: String) throws -> [String: String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/strata-references.json"))
    return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["frames"] as? [String: String] ?? [:]
}
