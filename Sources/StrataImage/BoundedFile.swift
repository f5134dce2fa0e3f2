import Foundation
import StrataModel

/// The one way strata reads a whole file that a user or another file names (scene files,
/// a trace's `sceneFile`, manifests, results.json and its images, shaders): at most
/// `limit` bytes whatever `stat` says, so `/proc/self/pagemap` (size 0, never ends), a
/// sparse 3 GB file or a FIFO costs a bounded read and an error, never all of memory.
public enum BoundedFile {
    /// The file's bytes; a file that cannot be read throws a `Diagnostic` of the reason
    /// alone (the caller names the file).
    public static func read(_ path: String, limit: Int) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Diagnostic(SystemError.reason(errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Diagnostic(SystemError.reason(errno)) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw Diagnostic(kind(st.st_mode) + ", not a regular file") }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, min($0.count, limit + 1 - bytes.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Diagnostic(SystemError.reason(errno))
            }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
            if bytes.count > limit {
                throw Diagnostic("more than \(limit) bytes (the limit for this file)")
            }
        }
    }

    /// What a file that is not a regular one is, in words: "is a FIFO or pipe".
    public static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "is a directory"
        case S_IFIFO: return "is a FIFO or pipe"
        case S_IFSOCK: return "is a socket"
        case S_IFCHR: return "is a character device"
        case S_IFBLK: return "is a block device"
        default: return "is not a regular file"
        }
    }
}
