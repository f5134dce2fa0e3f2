import Foundation

/// A directory a run writes numbered frames into (`replay --out`, `check --out`): created
/// if missing, locked for the run (`DirectoryLock`), emptied of the temporaries a killed
/// strata left, and, at the end, rid of the frames of an earlier run that this run did not
/// produce (or not, as `Policy` says). Only exact frame names (`FrameFileName`) are touched.
public final class FrameDirectory {
    /// What to do with frames already in the directory.
    public enum Policy: String, Sendable, CaseIterable {
        /// Frames this run writes replace the old ones; the others are removed at the end.
        case replace
        /// Every old frame is removed before the first new one is written.
        case clean
        /// Old frames this run does not write are left in place.
        case keep
    }

    public let path: String
    public let policy: Policy
    /// Frames that were there when the run began.
    public let previousFrames: Set<String>
    /// Stale temporaries of a killed run that were removed when the directory was opened.
    public let removedTemporaries: Int
    private let lock: DirectoryLock

    public init(_ path: String, policy: Policy = .replace) throws {
        self.path = path
        self.policy = policy
        var s = stat()
        if stat(path, &s) == 0 {
            guard s.st_mode & S_IFMT == S_IFDIR else { throw RenderError.io("\(path): exists and is not a directory") }
        } else if errno == ENOENT {
            do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
                throw RenderError.io("\(SystemError.displayed(path)): cannot create the directory: \(SystemError.reason(of: error))")
            }
        } else {
            throw SystemError.io(path, "cannot use as the output directory")
        }
        guard access(path, W_OK | X_OK) == 0 else { throw SystemError.io(path, "cannot write into the directory") }
        lock = try DirectoryLock(path)
        removedTemporaries = AtomicFile.removeStaleTemporaries(in: path, where: FrameFileName.isFrame)
        previousFrames = FrameDirectory.frames(in: path)
        if policy == .clean { for name in previousFrames.sorted() { unlink(path + "/" + name) } }
    }

    /// The frames (exact names) in `directory`.
    public static func frames(in directory: String) -> Set<String> {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return Set(names.filter(FrameFileName.isFrame))
    }

    /// Old frames this run did not write: removed (`.replace`), or counted (`.keep`);
    /// with `.clean`, every old frame (removed at the start). Returns how many; releases the lock.
    @discardableResult
    public func finish(produced: Set<String>) -> Int {
        defer { lock.release() }
        if policy == .clean { return previousFrames.count }
        let stale = previousFrames.subtracting(produced)
        if policy == .replace { for name in stale.sorted() { unlink(path + "/" + name) } }
        return stale.count
    }

    /// How the end of a run words `finish`'s count, or nil when there were none.
    public func staleNote(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        let frames = count == 1 ? "1 frame" : "\(count) frames"
        switch policy {
        case .replace: return "removed \(frames) of an earlier run that this run did not write (--keep keeps them)"
        case .keep: return "kept \(frames) of an earlier run that this run did not write (--keep)"
        case .clean: return "removed \(frames) of an earlier run before the first new one (--clean)"
        }
    }

    /// Releases the lock without touching old frames (after an error or interruption).
    public func abandon() { lock.release() }
}
