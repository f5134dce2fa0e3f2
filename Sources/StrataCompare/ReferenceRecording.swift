import Foundation
import StrataImage

/// `check --record`, all or nothing: the new references are written into a staging
/// directory beside the old ones (`.NAME.strata-staging-PID`), and only when every one
/// is written does `commit` put the new set in place in one rename (an atomic exchange
/// where the filesystem has one). Until then the old set is untouched, so a full disk,
/// an error or a signal leaves it as it was. Files of the old directory strata did not
/// write (a README, the manifest of another tool) move to the new set; from the old set
/// only exact frame names and names this run wrote are deleted.
///
/// The references directory is locked for the run (`DirectoryLock`). A run killed with
/// SIGKILL leaves a staging (or old-set) directory; the next recording into the same
/// directory puts back any file of the user's it holds and removes the rest.
public final class ReferenceRecording {
    /// The references directory as given, and resolved.
    public let directory: String
    public let resolved: String
    /// Where this run writes the new references.
    public let staging: String
    private var lock: DirectoryLock?
    private let parent: String, name: String

    public init(directory: String) throws {
        self.directory = directory
        resolved = OutputGuard.resolved(directory)
        parent = (resolved as NSString).deletingLastPathComponent
        name = (resolved as NSString).lastPathComponent
        try OutputGuard.checkWritableDirectory(parent, for: directory)
        ReferenceRecording.recover(parent: parent, name: name, resolved: resolved)
        var s = stat()
        if stat(resolved, &s) == 0 {
            guard s.st_mode & S_IFMT == S_IFDIR else { throw RenderError.io("\(directory): exists and is not a directory") }
        } else {
            do { try FileManager.default.createDirectory(atPath: resolved, withIntermediateDirectories: true) } catch {
                throw RenderError.io("\(directory): cannot create the references directory: \(SystemError.reason(of: error))")
            }
        }
        lock = try DirectoryLock(resolved)
        // Under the lock no other strata is recording here: what is left is a killed run's.
        ReferenceRecording.removeLeftovers(parent: parent, name: name)
        AtomicFile.removeStaleTemporaries(in: resolved, where: FrameFileName.isFrame)
        staging = parent + "/" + ReferenceRecording.prefix(name) + "staging-\(getpid())"
        guard mkdir(staging, 0o755) == 0 else {
            throw SystemError.io(staging, "cannot create the staging directory for the new references")
        }
    }

    /// Puts the new set in place; returns how many old frames were not in it (removed).
    /// On failure the old set is in place and intact, and the error says so.
    @discardableResult
    public func commit() throws -> Int {
        defer { lock?.release(); lock = nil }
        let written = Set((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? [])
        let old = (try? FileManager.default.contentsOfDirectory(atPath: resolved)) ?? []
        // What the user keeps beside the frames goes along into the new set.
        var moved: [String] = []
        for entry in old where !written.contains(entry) && !FrameFileName.isFrame(entry)
            && AtomicFile.target(ofTemporary: entry).map(FrameFileName.isFrame) != true {
            if rename(resolved + "/" + entry, staging + "/" + entry) != 0 {
                let code = errno
                for back in moved { rename(staging + "/" + back, resolved + "/" + back) }
                abandonStaging()
                throw RenderError.io("\(directory): cannot move \(entry) into the new set: \(SystemError.reason(code)); the references were not changed")
            }
            moved.append(entry)
        }
        var oldSet = staging
        if !ReferenceRecording.exchange(staging, resolved) {
            let backup = parent + "/" + ReferenceRecording.prefix(name) + "old-\(getpid())"
            oldSet = backup
            // No atomic exchange here: two renames, which `recover` completes if strata dies between them.
            guard rename(resolved, backup) == 0 else {
                let code = errno
                for back in moved { rename(staging + "/" + back, resolved + "/" + back) }
                abandonStaging()
                throw RenderError.io("\(directory): cannot swap in the new references: \(SystemError.reason(code)); the references were not changed")
            }
            guard rename(staging, resolved) == 0 else {
                let code = errno
                rename(backup, resolved)
                for back in moved { rename(staging + "/" + back, resolved + "/" + back) }
                abandonStaging()
                throw RenderError.io("\(directory): cannot swap in the new references: \(SystemError.reason(code)); the references were not changed")
            }
        }
        let stale = old.filter { FrameFileName.isFrame($0) && !written.contains($0) }.count
        ReferenceRecording.removeOwnFiles(in: oldSet, alsoNamed: written)
        return stale
    }

    /// Removes the staging directory (it holds only what this run wrote); the old set was
    /// never touched.
    public func abandon() {
        abandonStaging()
        lock?.release(); lock = nil
    }

    private func abandonStaging() {
        ReferenceRecording.removeOwnFiles(in: staging, alsoNamed: [])
    }

    // MARK: Leftovers of killed runs

    private static func prefix(_ name: String) -> String { "." + name + ".strata-" }

    /// Before locking: a run killed between the two renames of a non-atomic swap left the
    /// references missing and the old set under its backup name; put it back.
    private static func recover(parent: String, name: String, resolved: String) {
        var s = stat()
        guard stat(resolved, &s) != 0, errno == ENOENT else { return }
        for entry in leftovers(parent: parent, name: name, kind: "old-") {
            if rename(parent + "/" + entry, resolved) == 0 { return }
        }
    }

    /// Under the lock: staging and old-set directories of killed runs. User files in them
    /// (moved there by a commit that did not finish) go back into the references; then
    /// strata's own files are removed and the directory with them.
    private static func removeLeftovers(parent: String, name: String) {
        let references = parent + "/" + name
        for entry in leftovers(parent: parent, name: name, kind: "staging-") + leftovers(parent: parent, name: name, kind: "old-") {
            let dir = parent + "/" + entry
            for file in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where !isOurs(file) {
                if access(references + "/" + file, F_OK) != 0 { rename(dir + "/" + file, references + "/" + file) }
            }
            removeOwnFiles(in: dir, alsoNamed: [])
        }
    }

    private static func leftovers(parent: String, name: String, kind: String) -> [String] {
        let start = prefix(name) + kind
        return ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).filter { entry in
            guard entry.hasPrefix(start) else { return false }
            let pid = entry.dropFirst(start.count)
            return !pid.isEmpty && pid.allSatisfy { $0 >= "0" && $0 <= "9" }
        }
    }

    /// Frames, their temporaries and the manifest: the only names strata deletes.
    private static func isOurs(_ file: String) -> Bool {
        FrameFileName.isFrame(file) || file == OutputGuard.referencesManifest
            || AtomicFile.target(ofTemporary: file).map { FrameFileName.isFrame($0) || $0 == OutputGuard.referencesManifest } == true
    }

    /// Deletes strata's files (and `alsoNamed`, which this run wrote) in `dir`, then the
    /// directory if that left it empty; anything else stays.
    private static func removeOwnFiles(in dir: String, alsoNamed: Set<String>) {
        for file in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where isOurs(file) || alsoNamed.contains(file) {
            var s = stat()
            if lstat(dir + "/" + file, &s) == 0, s.st_mode & S_IFMT == S_IFREG { unlink(dir + "/" + file) }
        }
        rmdir(dir)
    }

    // MARK: Atomic exchange

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// glibc's renameat2, looked up at run time (Swift's Glibc module does not declare it).
    private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    /// Swaps two directories in one step (RENAME_EXCHANGE); false where unsupported.
    private static func exchange(_ a: String, _ b: String) -> Bool {
        guard let renameat2 else { return false }
        let renameExchange: UInt32 = 2
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    }
}
