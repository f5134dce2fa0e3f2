import Foundation

/// Where a file named by another file may lie: a trace's `sceneFile` and `backdrop`, a
/// scene file's `contents` images. By default only inside the naming file's own folder
/// (after resolving symlinks, relative paths too), so a trace or scene from elsewhere
/// cannot make strata read `/etc/passwd` or `/proc/self/pagemap`. `--root DIR` lets every
/// naming file reach anything under DIR as well (a project's `scenes/` beside its
/// `traces/`); `--allow-outside-paths` lets it reach anything.
public struct FileContainment: Sendable, Equatable {
    /// Any path (`--allow-outside-paths`).
    public var anywhere: Bool
    /// A folder every naming file may reach besides its own (`--root DIR`).
    public var root: String?

    public init(anywhere: Bool = false, root: String? = nil) {
        self.anywhere = anywhere
        self.root = root
    }

    /// Only the naming file's own folder.
    public static let ownFolder = FileContainment()

    /// True when `path` (relative to the current directory, or absolute) may be read by a
    /// file in `folder`.
    public func permits(_ path: String, namedIn folder: String) -> Bool {
        if anywhere { return true }
        if OutputGuard.isInside(path, folder.isEmpty ? "." : folder) { return true }
        if let root, OutputGuard.isInside(path, root) { return true }
        return false
    }

    /// The end of a refusal: which folders were allowed and the flags that allow more.
    public func allowedFolders(namedIn folder: String) -> String {
        let own = OutputGuard.resolved(folder.isEmpty ? "." : folder)
        let roots = root.map { " or under --root \(OutputGuard.resolved($0))" } ?? ""
        return "only files under \(own)\(roots) may be read (pass --root DIR for a folder holding both, or --allow-outside-paths to allow any)"
    }

    /// `path` joined to `folder` unless absolute: a path a file names is relative to it.
    public static func joined(_ path: String, to folder: String) -> String {
        path.hasPrefix("/") || folder.isEmpty || folder == "." ? path : (folder as NSString).appendingPathComponent(path)
    }

    /// The nearest folder holding both `a` and `b` (resolved), for the `--root` a message
    /// suggests.
    public static func commonFolder(_ a: String, _ b: String) -> String {
        let pa = OutputGuard.resolved(a).split(separator: "/"), pb = OutputGuard.resolved(b).split(separator: "/")
        var n = 0
        while n < pa.count, n < pb.count, pa[n] == pb[n] { n += 1 }
        return "/" + pa[..<n].joined(separator: "/")
    }

    /// `path` relative to `directory`, both made absolute first (no symlink resolved): what a
    /// trace records for a file it names.
    public static func relativePath(_ path: String, from directory: String) -> String {
        func parts(_ p: String) -> [String] {
            let absolute = p.hasPrefix("/") ? p : FileManager.default.currentDirectoryPath + "/" + p
            return (absolute as NSString).standardizingPath.split(separator: "/").map(String.init)
        }
        let target = parts(path), base = parts(directory.isEmpty ? "." : directory)
        var common = 0
        while common < target.count - 1, common < base.count, target[common] == base[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }
}
