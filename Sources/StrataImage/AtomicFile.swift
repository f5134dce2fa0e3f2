import Foundation

/// Whole-file writes that either complete or leave the old file untouched: the bytes go
/// to a temporary file beside the target (`.NAME.tmp-PID`), then rename(2) puts it in
/// place. A target that is not a regular file is refused (see `OutputGuard`); a symlink
/// at the target is replaced by the file, not written through. Errors name the path and
/// errno's reason.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try OutputGuard.checkTarget(path)
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var s = stat()
        guard stat(dir, &s) == 0 else {
            if errno == ENOENT { throw RenderError.io("\(path): directory \(dir) does not exist") }
            throw SystemError.io(path, "cannot write into \(dir)")
        }
        guard s.st_mode & S_IFMT == S_IFDIR else { throw RenderError.io("\(path): \(dir) is not a directory") }
        let temp = dir + "/" + temporaryName(for: url.lastPathComponent)
        Interruption.registerTemporary(temp)
        defer { Interruption.unregisterTemporary(temp) }
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw SystemError.io(path, "cannot create a file in \(dir)") }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno; return
                }
                offset += n
            }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(temp)
            throw SystemError.io(path, "cannot write", failure)
        }
        if rename(temp, path) != 0 {
            let code = errno
            unlink(temp)
            throw SystemError.io(path, "cannot replace", code)
        }
    }

    /// The temporary a write of `name` uses in this process.
    public static func temporaryName(for name: String) -> String { "." + name + ".tmp-\(getpid())" }

    /// The file name a temporary of `write` stands for, or nil when `name` is not one.
    public static func target(ofTemporary name: String) -> String? {
        guard name.hasPrefix("."), let range = name.range(of: ".tmp-", options: .backwards) else { return nil }
        let pid = name[range.upperBound...]
        guard !pid.isEmpty, pid.count <= 10, pid.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        let target = String(name[name.index(after: name.startIndex)..<range.lowerBound])
        return target.isEmpty ? nil : target
    }

    /// True when `name` is a temporary (`.TARGET.tmp-PID`) of `target` whose process is gone.
    static func isDead(_ name: String, of target: String) -> Bool {
        guard AtomicFile.target(ofTemporary: name) == target, let pid = Int32(name[name.range(of: ".tmp-", options: .backwards)!.upperBound...]),
              pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes the temporaries of `path` (a file, or a staged folder such as a report's
    /// `report-files`) that a strata killed by SIGKILL left beside it: only names of this
    /// target, only of processes that no longer run. Returns how many were removed.
    @discardableResult
    public static func removeDeadTemporaries(of path: String) -> Int {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path, name = url.lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return 0 }
        var removed = 0
        for entry in names where isDead(entry, of: name) {
            if (try? FileManager.default.removeItem(atPath: dir + "/" + entry)) != nil { removed += 1 }
        }
        return removed
    }

    /// Removes what a killed strata left in `directory`: temporaries of `write` whose
    /// target `isOurs` accepts, and nothing else. Call it only while holding the
    /// directory's lock (`DirectoryLock`), so no live writer's temporary is taken.
    /// Returns how many were removed.
    @discardableResult
    public static func removeStaleTemporaries(in directory: String, where isOurs: (String) -> Bool) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        var removed = 0
        for name in names {
            guard let target = target(ofTemporary: name), isOurs(target) else { continue }
            let path = directory + "/" + name
            var s = stat()
            guard lstat(path, &s) == 0, s.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }
}
