import Foundation

/// Every path one command reads and writes, declared before it does any work and checked
/// at once (`check()`), so a wrong flag stops the command before a file is touched. After
/// resolving symlinks an output may not be one of the inputs, another output, inside or
/// above a references set (a known references directory, or any folder holding
/// `strata-references.json` on its path or below an output folder), nor unwritable.
/// Each refusal is one line naming the flag and the path.
public struct OutputPlan {
    public enum Kind: Sendable { case file, directory }

    public struct Entry {
        public let flag: String
        public let path: String
        public let kind: Kind
    }

    public private(set) var inputs: [Entry] = []
    public private(set) var outputs: [Entry] = []
    public private(set) var references: [String] = []

    /// How far below an output folder references are looked for: a folder is searched to
    /// this depth and this many entries, enough for a project's trace folders without
    /// walking a whole disk for `--out /`.
    public static let searchDepth = 6
    public static let searchEntries = 50_000

    public init() {}

    /// An input, `what` in words for the message ("the scene file", "the trace T").
    public mutating func input(_ what: String, _ path: String?, _ kind: Kind = .file) {
        if let path { inputs.append(Entry(flag: what, path: path, kind: kind)) }
    }

    public mutating func output(_ flag: String, _ path: String?, _ kind: Kind) {
        if let path { outputs.append(Entry(flag: flag, path: path, kind: kind)) }
    }

    /// An HTML report and the folder its images may go into (`NAME-files/` beside `NAME.html`).
    public mutating func report(_ flag: String, _ path: String?) {
        guard let path else { return }
        output(flag, path, .file)
        // HTMLReport.filesDirectory(forReport:): NAME-files beside NAME.html.
        let dir = (path as NSString).deletingLastPathComponent
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        output(flag, ((dir.isEmpty ? "." : dir) as NSString).appendingPathComponent(base + "-files"), .directory)
    }

    /// A references directory the command itself reads or records (check's own).
    public mutating func references(_ path: String) { references.append(path) }

    public func check() throws {
        for (index, o) in outputs.enumerated() {
            let shown = "\(o.flag) \(SystemError.displayed(o.path))"
            for i in inputs {
                if OutputGuard.resolved(o.path) == OutputGuard.resolved(i.path) && i.kind == .file {
                    throw RenderError.io("\(shown) is \(i.flag) itself; writing there would replace it. Choose another path")
                }
                if o.kind == .directory && i.kind == .directory && OutputGuard.overlaps(o.path, i.path) {
                    throw RenderError.io("\(shown) is, contains or lies inside \(i.flag) (after resolving symlinks); its files would be overwritten. Choose another path")
                }
            }
            // Outputs nest freely (`--artifacts DIR/art` beside `--out DIR`: each writes only its own names).
            for other in outputs[..<index] where OutputGuard.resolved(o.path) == OutputGuard.resolved(other.path) {
                throw RenderError.io("\(shown) is also the output of \(other.flag) \(SystemError.displayed(other.path)) (after resolving symlinks); one would overwrite the other. Choose another path")
            }
            for r in references { try OutputGuard.refuseOverlap(output: o.path, flag: o.flag, references: r) }
            try OutputGuard.refuseReferencesDirectory(o.path, flag: o.flag)
            if o.kind == .directory, let found = OutputPlan.referencesBelow(o.path) {
                throw RenderError.io("\(shown) contains the references directory \(found) (it holds \(OutputGuard.referencesManifest)); writing there could overwrite references. Choose another path")
            }
        }
        // Writable last: a conflict is the more useful thing to say.
        for o in outputs {
            do {
                switch o.kind {
                case .file:
                    // A file inside a folder the command creates (`--results-dir`'s results.json)
                    // needs only that folder writable.
                    let parent = (OutputGuard.resolved(o.path) as NSString).deletingLastPathComponent
                    if outputs.contains(where: { $0.kind == .directory && OutputGuard.resolved($0.path) == parent }) {
                        try OutputGuard.checkTarget(o.path)
                    } else {
                        try OutputGuard.checkWritableFile(o.path)
                    }
                case .directory: try OutputGuard.checkWritableDirectory(o.path, for: o.path)
                }
            } catch let e as RenderError {
                throw RenderError.io("\(o.flag) \(e.description)")
            }
        }
    }

    /// The first folder holding a manifest below `directory` (symlinks resolved, not followed
    /// further), within `searchDepth` and `searchEntries`.
    static func referencesBelow(_ directory: String) -> String? {
        var queue: [(String, Int)] = [(OutputGuard.resolved(directory), 0)]
        var seen = 0
        while !queue.isEmpty {
            let (dir, depth) = queue.removeFirst()
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
            for name in names {
                seen += 1
                if seen > searchEntries { return nil }
                let path = dir + "/" + name
                var s = stat()
                guard stat(path, &s) == 0, s.st_mode & S_IFMT == S_IFDIR else { continue }
                let real = OutputGuard.resolved(path)
                if access(real + "/" + OutputGuard.referencesManifest, F_OK) == 0 { return real }
                var l = stat()
                // A symlinked folder is looked into, never walked through (no loops).
                if depth + 1 < searchDepth, lstat(path, &l) == 0, l.st_mode & S_IFMT != S_IFLNK { queue.append((path, depth + 1)) }
            }
        }
        return nil
    }
}
