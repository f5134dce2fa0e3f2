import Foundation
import StrataDigest
import StrataDriver
import StrataGestures
import StrataModel
import StrataImage

/// The live window's reload of a scene file that changes on disk: polled every few
/// frames, it looks at the file's modification time and size first (a stat), reads and
/// hashes it only when they moved, and parses it only when the bytes differ from the last
/// ones seen. A file that does not parse is reported once and the last good scene kept.
public final class SceneFileReloader {
    public enum Outcome {
        case unchanged
        case reloaded(SceneFile)
        /// Why, at `FILE:LINE:COL`; the caller keeps its scene.
        case failed(Diagnostic)
    }

    public let path: String
    public let allowOutsidePaths: Bool
    /// `--root`: a folder `contents` may come from besides the file's own.
    public let root: String?
    public let limits: SceneFileLimits
    private var lastHash: String
    /// The text of the bytes the last `.reloaded` was parsed from (what a recording keeps).
    public private(set) var lastText: String?
    private var lastStamp: (seconds: Int, nanoseconds: Int, size: Int)?

    public init(file: SceneFile, allowOutsidePaths: Bool = false, root: String? = nil, limits: SceneFileLimits = .standard) {
        self.limits = limits
        path = file.path
        self.allowOutsidePaths = allowOutsidePaths
        self.root = root
        lastHash = file.sha256
        lastStamp = SceneFileReloader.stamp(file.path)
    }

    /// What the file's bytes, as they are now, mean for the scene.
    public func check(contents: [UInt8]) -> Outcome {
        let hash = SHA256.hex(of: contents)
        guard hash != lastHash else { return .unchanged }
        // Remembered even when it fails: the same broken bytes are reported once.
        lastHash = hash
        do {
            let file = try SceneFile.parse(data: contents, path: path, allowOutsidePaths: allowOutsidePaths, root: root, limits: limits)
            lastText = String(decoding: contents, as: UTF8.self)
            return .reloaded(file)
        } catch let e as SceneFileError {
            return .failed(e.diagnostic)
        } catch {
            return .failed(Diagnostic(file: path, message: "\(error)"))
        }
    }

    /// The file's text, when its bytes are still those `file` was parsed from (what a
    /// recording keeps first); nil when it changed in between (the first reload then keeps
    /// the new one).
    public static func text(of file: SceneFile) -> String? {
        guard let bytes = try? BoundedFile.read(file.path, limit: SceneFileLimits.standard.fileSize),
              SHA256.hex(of: bytes) == file.sha256 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Stats the file; reads it only when its time or size moved.
    public func poll() -> Outcome {
        let now = SceneFileReloader.stamp(path)
        guard let now else { return .unchanged }   // mid-save (renamed away): try again later
        if let last = lastStamp, last == now { return .unchanged }
        lastStamp = now
        guard now.size <= SceneFileLimits.standard.fileSize else {
            return .failed(Diagnostic(file: path, line: 1, column: 1,
                                      message: "the file is \(now.size) bytes; a scene file may be at most \(SceneFileLimits.standard.fileSize)"))
        }
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: SceneFileLimits.standard.fileSize) } catch {
            return .failed(Diagnostic(file: path, line: 1, column: 1, message: "cannot read the scene file: \(error)"))
        }
        return check(contents: data)
    }

    /// A new scene from `file` in place of `old`: the same options, view and scale, and
    /// the live option values (where the pan had turned it) carried over; nil, with the
    /// reason, when the options no longer fit the file.
    public static func scene(from file: SceneFile, replacing old: Scene, options: [String: TraceValue],
                             viewSize: Size) -> Result<Scene, SceneError> {
        do {
            let scene = try file.makeScene(options: try file.descriptor.sceneOptions(options), viewSize: viewSize)
            if let previous = old as? FileScene { scene.adoptState(from: previous) }
            return .success(scene)
        } catch let e as SceneError {
            return .failure(e)
        } catch {
            return .failure(Diagnostic(error))
        }
    }

    private static func stamp(_ path: String) -> (seconds: Int, nanoseconds: Int, size: Int)? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return (Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec), Int(st.st_size))
    }
}
