import Foundation

/// What strata checks about a path before it writes there, so that a wrong flag never
/// costs the user a file: outputs may not be, contain or lie inside a directory of
/// references (compared after resolving symlinks), an existing target must be a
/// regular file (a device, FIFO, socket or directory is refused, never replaced), and
/// the directory an output goes into must be writable before any work starts.
///
/// A target that is a symlink to a regular file is not written through: the new file
/// replaces the link (rename(2) semantics) and the file it pointed at is left as it was.
public enum OutputGuard {
    /// The file that marks a directory of references (written by `check --record`).
    public static let referencesManifest = "strata-references.json"

    /// `path` made absolute with every symlink of its existing part resolved and `.`/`..`
    /// folded, so two spellings of one place compare equal. Components that do not exist
    /// yet are appended as written.
    public static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var existing = (absolute as NSString).standardizingPath
        var rest: [String] = []
        while !existing.isEmpty && existing != "/" {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                let base = String(cString: real)
                return rest.isEmpty ? base : (base as NSString).appendingPathComponent(rest.reversed().joined(separator: "/"))
            }
            rest.append((existing as NSString).lastPathComponent)
            existing = FilePath.parent(existing)
        }
        return "/" + rest.reversed().joined(separator: "/")
    }

    /// True when `path` lies inside `directory` (not the folder itself), both resolved:
    /// a file named by another file stays in the naming file's folder.
    public static func isInside(_ path: String, _ directory: String) -> Bool {
        let p = resolved(path), d = resolved(directory)
        return p.hasPrefix(d == "/" ? "/" : d + "/")
    }

    /// True when `a` and `b` are the same place or one lies inside the other.
    public static func overlaps(_ a: String, _ b: String) -> Bool {
        let ra = resolved(a), rb = resolved(b)
        func inside(_ x: String, _ y: String) -> Bool { x == y || x.hasPrefix(y == "/" ? "/" : y + "/") }
        return inside(ra, rb) || inside(rb, ra)
    }

    /// Refuses an output (`--out`, `--diff`, `--report`...) that is, contains or lies
    /// inside `references`.
    public static func refuseOverlap(output: String, flag: String, references: String, what: String = "the references directory") throws {
        if overlaps(output, references) {
            throw RenderError.io("\(flag) \(SystemError.displayed(output)) is, contains or lies inside \(what) \(references) (after resolving symlinks); writing there would overwrite references. Choose another path")
        }
    }

    /// Refuses an output directory that is or lies inside a references directory (one
    /// holding `referencesManifest`), for commands that have no `--references` of their own.
    public static func refuseReferencesDirectory(_ output: String, flag: String) throws {
        var dir = resolved(output)
        while true {
            if access(dir + "/" + referencesManifest, F_OK) == 0 {
                throw RenderError.io("\(flag) \(SystemError.displayed(output)) is or lies inside the references directory \(dir) (it holds \(referencesManifest)); writing there would overwrite references. Choose another path")
            }
            if dir == "/" || dir.isEmpty { return }
            dir = FilePath.parent(dir)
        }
    }

    /// Refuses `path` when something other than a regular file (or a symlink to one) is
    /// there; nothing at all is fine.
    public static func checkTarget(_ path: String) throws {
        guard !path.isEmpty else { throw RenderError.io("'': an empty path is not a file name") }
        var s = stat()
        guard stat(path, &s) == 0 else {
            // Nothing there, or a dangling symlink that the new file will replace.
            // ENOTDIR: a file on the way, which the directory check names.
            if errno == ENOENT || errno == ENOTDIR { return }
            throw SystemError.io(path, "cannot use as an output")
        }
        let kind: String
        switch s.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR, S_IFBLK: kind = "a device"
        default: kind = "not a regular file"
        }
        throw RenderError.io("\(path): is \(kind); strata writes only regular files and never replaces anything else")
    }

    /// Checks, before any work, that a file can be created at `path`: the target is a
    /// regular file or absent, and its directory exists and is writable.
    public static func checkWritableFile(_ path: String) throws {
        try checkTarget(path)
        let dir = FilePath.parent(resolved(path))
        var s = stat()
        if stat(dir, &s) != 0 && errno == ENOENT {
            throw RenderError.io("\(path): directory \(FilePath.parent(path)) does not exist")
        }
        try checkWritableDirectory(dir, for: path)
    }

    /// Checks that `directory` (or the nearest existing ancestor) is a directory strata may write into.
    public static func checkWritableDirectory(_ directory: String, for output: String? = nil) throws {
        let named = output ?? directory
        var dir = resolved(directory)
        while true {
            var s = stat()
            if stat(dir, &s) == 0 {
                guard s.st_mode & S_IFMT == S_IFDIR else {
                    throw RenderError.io("\(SystemError.displayed(named)): \(dir) is not a directory")
                }
                guard access(dir, W_OK | X_OK) == 0 else { throw SystemError.io(named, "cannot write into \(dir)") }
                return
            }
            guard errno == ENOENT || errno == ENOTDIR, dir != "/" else { throw SystemError.io(named, "cannot use \(dir)") }
            dir = FilePath.parent(dir)
        }
    }
}
