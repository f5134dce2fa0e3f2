import Foundation
import StrataImage

/// Every reference update (`check --update missing|changed|all`, `--record`), all or
/// nothing. The new references are written into a staging directory inside the
/// references (`REFS/.strata-staging-PID`, on the same filesystem, so a references
/// directory that is a mount point works too); until `commit` the references are
/// untouched, so an error, a full disk or a signal leaves them as they were.
///
/// `commit` first writes a journal (`REFS/.strata-commit-PID`: what moves in, what goes)
/// and then renames each staged file over its reference. The directory itself is never
/// replaced, so its mode, owner, inode and every file strata did not write (a README, a
/// symlink) stay as they are. A run killed after the journal was written is completed by
/// the next strata that opens these references (`finishInterruptedCommit`); one killed
/// before it is as if it never ran. So every update is seen whole or not at all.
///
/// The references directory is locked exclusively for the whole update (`DirectoryLock`):
/// a second update or a check of the same references stops with a message instead of
/// mixing two sets.
public final class ReferenceRecording {
    /// The references directory as given, and resolved.
    public let directory: String
    public let resolved: String
    /// Where this run writes the new references.
    public let staging: String
    private var lock: DirectoryLock?

    static let stagingPrefix = ".strata-staging-"
    static let journalPrefix = ".strata-commit-"

    public init(directory: String) throws {
        self.directory = directory
        resolved = OutputGuard.resolved(directory)
        let parent = FilePath.parent(resolved)
        let name = (resolved as NSString).lastPathComponent
        LegacyLeftovers.recover(parent: parent, name: name, resolved: resolved)
        var s = stat()
        if stat(resolved, &s) == 0 {
            guard s.st_mode & S_IFMT == S_IFDIR else { throw RenderError.io("\(directory): exists and is not a directory") }
        } else {
            try OutputGuard.checkWritableDirectory(parent, for: directory)
            do { try FileManager.default.createDirectory(atPath: resolved, withIntermediateDirectories: true) } catch {
                throw RenderError.io("\(directory): cannot create the references directory: \(SystemError.reason(of: error))")
            }
        }
        guard access(resolved, W_OK | X_OK) == 0 else { throw SystemError.io(directory, "cannot write into the references directory") }
        lock = try DirectoryLock(resolved)
        // Under the lock no other strata is writing here: what is left is a killed run's.
        LegacyLeftovers.remove(parent: parent, name: name)
        ReferenceRecording.completeOrDiscardLeftovers(in: resolved)
        AtomicFile.removeStaleTemporaries(in: resolved, where: ReferenceRecording.isOurs)
        staging = resolved + "/" + ReferenceRecording.stagingPrefix + "\(getpid())"
        guard mkdir(staging, 0o700) == 0 else {
            let code = errno
            lock?.release(); lock = nil
            throw SystemError.io(staging, "cannot create the staging directory for the new references", code)
        }
    }

    /// Puts the staged references in place. With `keeping`, the reference files in use
    /// (frames this run produced, images the new manifest names), an old frame or image
    /// not among them is removed too (`--update all`: the set is the replay's); without it
    /// nothing is removed. Returns how many were removed.
    /// On failure before the journal is written, the references are unchanged and the
    /// error says so.
    @discardableResult
    public func commit(keeping produced: Set<String>? = nil) throws -> Int {
        defer { lock?.release(); lock = nil }
        let staged = ((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).filter(ReferenceRecording.isOurs).sorted()
        let old = (try? FileManager.default.contentsOfDirectory(atPath: resolved)) ?? []
        let stale = produced.map { keep in old.filter { ReferenceRecording.isReference($0) && !keep.contains($0) }.sorted() } ?? []
        let journal = Journal(staging: (staging as NSString).lastPathComponent, moves: staged, removals: stale)
        let journalPath = resolved + "/" + ReferenceRecording.journalPrefix + "\(getpid())"
        do { try AtomicFile.write(journal.bytes, to: journalPath) } catch {
            abandonStaging()
            throw RenderError.io("\(directory): cannot begin the update: \(SystemError.reason(of: error)); the references were not changed")
        }
        // From here on the update is decided: a kill is completed by the next run.
        let failed = journal.apply(in: resolved)
        unlink(journalPath)
        if let (name, code) = failed.first {
            throw RenderError.io("\(directory): cannot put \(name) in place: \(SystemError.reason(code))"
                                 + (failed.count > 1 ? " (and \(failed.count - 1) more)" : "") + "; the other references were updated")
        }
        return stale.count
    }

    /// Removes the staging directory (it holds only what this run wrote); the references
    /// were never touched.
    public func abandon() {
        abandonStaging()
        lock?.release(); lock = nil
    }

    private func abandonStaging() { ReferenceRecording.removeOwnFiles(in: staging) }

    /// For a reader of `directory` (a check with `--update none`): completes an update a
    /// killed strata had begun to commit, so nobody reads half of one. Does nothing when
    /// the directory is locked by a live strata, cannot be written, or holds no journal.
    public static func finishInterruptedCommit(in directory: String) {
        let resolved = OutputGuard.resolved(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: resolved)) ?? []
        guard names.contains(where: { $0.hasPrefix(journalPrefix) }), access(resolved, W_OK | X_OK) == 0,
              let lock = try? DirectoryLock(resolved) else { return }
        defer { lock.release() }
        completeOrDiscardLeftovers(in: resolved)
    }

    // MARK: Leftovers of killed runs

    /// Under the lock: journals are applied (their staging directories then hold nothing
    /// that is still needed); staging directories without a journal are removed.
    private static func completeOrDiscardLeftovers(in resolved: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: resolved)) ?? []
        for name in names where isLeftover(name, prefix: journalPrefix) {
            let path = resolved + "/" + name
            if let data = FileManager.default.contents(atPath: path), data.count <= Journal.maximumSize,
               let journal = Journal(bytes: [UInt8](data)) {
                journal.apply(in: resolved)
            }
            unlink(path)
        }
        for name in names where isLeftover(name, prefix: stagingPrefix) {
            removeOwnFiles(in: resolved + "/" + name)
        }
    }

    private static func isLeftover(_ name: String, prefix: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let pid = name.dropFirst(prefix.count)
        return !pid.isEmpty && pid.count <= 10 && pid.allSatisfy { $0 >= "0" && $0 <= "9" }
    }

    /// A reference file: a frame of the older layout or an image stored by hash.
    static func isReference(_ file: String) -> Bool {
        FrameFileName.isFrame(file) || ReferenceImage.isImageFile(file)
    }

    /// Frames, images, their temporaries, the manifest, the layer trees and the motion
    /// tracks: the only names strata writes or deletes.
    static func isOurs(_ file: String) -> Bool {
        func named(_ f: String) -> Bool {
            isReference(f) || f == OutputGuard.referencesManifest || f == ReferenceTrees.fileName || f == MotionTracks.fileName
        }
        return named(file) || AtomicFile.target(ofTemporary: file).map(named) == true
    }

    /// Deletes strata's regular files in `dir`, then the directory if that left it empty.
    static func removeOwnFiles(in dir: String) {
        for file in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where isOurs(file) {
            var s = stat()
            if lstat(dir + "/" + file, &s) == 0, s.st_mode & S_IFMT == S_IFREG { unlink(dir + "/" + file) }
        }
        rmdir(dir)
    }
}

/// What one commit does, written down before it starts so that a killed commit can be
/// finished: the staged files to move over their references, the old frames to remove.
/// Only strata's own names (frames and the manifest, no '/') are ever read back.
struct Journal {
    static let maximumSize = 64 << 20
    var staging: String
    var moves: [String]
    var removals: [String]

    init(staging: String, moves: [String], removals: [String]) {
        self.staging = staging; self.moves = moves; self.removals = removals
    }

    var bytes: [UInt8] {
        var text = "strata-commit 1\nstaging \(staging)\n"
        for m in moves { text += "move \(m)\n" }
        for r in removals { text += "remove \(r)\n" }
        return Array(text.utf8)
    }

    /// nil for anything but a whole journal of this version naming only strata's files.
    init?(bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self), text.hasSuffix("\n") else { return nil }
        var lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "strata-commit 1", lines.count >= 2, lines[1].hasPrefix("staging ") else { return nil }
        staging = String(lines[1].dropFirst(8))
        guard staging.hasPrefix(ReferenceRecording.stagingPrefix), !staging.contains("/") else { return nil }
        lines.removeFirst(2)
        moves = []; removals = []
        for line in lines {
            if line.hasPrefix("move ") { moves.append(String(line.dropFirst(5))) }
            else if line.hasPrefix("remove ") { removals.append(String(line.dropFirst(7))) }
            else { return nil }
        }
        guard (moves + removals).allSatisfy({ !$0.contains("/") && ReferenceRecording.isOurs($0) }) else { return nil }
    }

    /// Idempotent: a move whose staged file is gone was done already. Returns the names
    /// that could not be put in place, with errno.
    @discardableResult
    func apply(in directory: String) -> [(String, Int32)] {
        let from = directory + "/" + staging
        var failed: [(String, Int32)] = []
        for m in moves where access(from + "/" + m, F_OK) == 0 {
            if rename(from + "/" + m, directory + "/" + m) != 0 { failed.append((m, errno)) }
        }
        for r in removals {
            var s = stat()
            if lstat(directory + "/" + r, &s) == 0, s.st_mode & S_IFMT != S_IFDIR { unlink(directory + "/" + r) }
        }
        ReferenceRecording.removeOwnFiles(in: from)
        return failed
    }
}
