import Foundation

/// Files' SHA-256, each hashed once while its identity holds: the same device, inode,
/// size and modification time to the nanosecond, as git's index trusts a file's stat.
/// A check of many traces asks for the same tens of megabytes of CJK font for every
/// trace, and its cache key for its own executable's bytes; `check`'s cache keeps the
/// table between runs (`entries`, `remember`), so an unchanged second check hashes
/// neither (40 MB of fonts and 20 MB of executable: 0.04 s of a 0.2 s run).
public final class FileDigests: @unchecked Sendable {
    public static let shared = FileDigests()

    /// One file's digest and the identity of the file it was taken from.
    public struct Entry: Codable, Equatable, Sendable {
        public var path: String
        public var device: UInt64
        public var inode: UInt64
        public var size: Int64
        public var seconds: Int64
        public var nanoseconds: Int64
        public var sha256: String

        /// The file at `path` as `stat` finds it now, with no digest; nil when it cannot.
        static func identity(of path: String) -> Entry? {
            var st = stat()
            guard stat(path, &st) == 0 else { return nil }
            return Entry(path: path, device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                         seconds: Int64(st.st_mtim.tv_sec), nanoseconds: Int64(st.st_mtim.tv_nsec), sha256: "")
        }

        func isSameFile(as o: Entry) -> Bool {
            path == o.path && device == o.device && inode == o.inode && size == o.size && seconds == o.seconds && nanoseconds == o.nanoseconds
        }
    }

    /// A table kept between runs holds at most this many files.
    public static let entryLimit = 256

    private let lock = NSLock()
    private var known: [String: Entry] = [:]
    private var used: Set<String> = []
    /// Files hashed by this process: what a table written before lacks.
    public private(set) var hashedCount = 0

    public init() {}

    /// The SHA-256 of the file at `path`, lower-case hex: remembered while the file's
    /// identity holds, else read and hashed.
    public func sha256(ofFileAt path: String) throws -> String {
        guard let before = Entry.identity(of: path) else { return try SHA256.hex(ofFileAt: path) }
        lock.lock()
        if let k = known[path], k.isSameFile(as: before) {
            used.insert(path)
            lock.unlock()
            return k.sha256
        }
        lock.unlock()
        let hash = try SHA256.hex(ofFileAt: path)
        // Kept only if the file did not change while it was read.
        if let after = Entry.identity(of: path), after.isSameFile(as: before) {
            var entry = after
            entry.sha256 = hash
            lock.lock()
            known[path] = entry
            used.insert(path)
            hashedCount += 1
            lock.unlock()
        }
        return hash
    }

    /// Digests taken before (a table read back): trusted while each file's identity holds.
    public func remember(_ entries: [Entry]) {
        lock.lock()
        for e in entries where known[e.path] == nil && SHA256.isHex(e.sha256) { known[e.path] = e }
        lock.unlock()
    }

    /// The table to keep: every file known, or past `entryLimit` the ones this process
    /// asked for, in path order.
    public var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        let all = known.values.sorted { $0.path < $1.path }
        return all.count <= Self.entryLimit ? all : Array(all.filter { used.contains($0.path) }.prefix(Self.entryLimit))
    }
}
