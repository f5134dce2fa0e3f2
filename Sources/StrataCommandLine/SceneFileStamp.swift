import Foundation
import StrataGestures
import StrataImage
import StrataModel

/// A trace's `sceneSHA256` brought up to date when its references are re-recorded from
/// an edited scene file (`check --record`, or `--update changed` that leaves the trace
/// passing): the references now say what the file draws, so the trace stops warning
/// that the file changed. Only the hash's 64 characters in the header line change.
enum SceneFileStamp {
    static func restamp(trace path: String, from old: String, to new: String) throws {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: TraceLimits.defaultFileBytes) } catch {
            throw Diagnostic(file: path, message: "cannot read the trace to re-stamp its scene file's hash: \(error)")
        }
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let header = String(decoding: bytes[..<end], as: UTF8.self)
        let quoted = "\"\(old)\""
        guard header.components(separatedBy: quoted).count == 2 else {
            throw RenderError.io("\(path): the header line does not hold its sceneSHA256 \(old.prefix(12))… once; not re-stamped")
        }
        let stamped = header.replacingOccurrences(of: quoted, with: "\"\(new)\"")
        try AtomicFile.write(Array(stamped.utf8) + bytes[end...], to: path)
    }
}
