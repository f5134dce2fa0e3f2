import Foundation

/// An advisory lock (flock) on a directory strata writes frames or references into, held
/// until `release()` or the process ends (the kernel drops it even after SIGKILL), so a
/// second strata writing into the same directory stops with a clear message instead of
/// mixing its frames with the first one's.
public final class DirectoryLock {
    public let path: String
    private var fd: Int32

    /// Locks `path`, an existing directory, or throws naming it. A shared lock (a check
    /// reading references) keeps writers out but lets other readers in.
    public init(_ path: String, shared: Bool = false) throws {
        self.path = path
        fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError.io(path, "cannot open the directory to lock it") }
        guard flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0 else {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK {
                throw RenderError.io(shared
                    ? "\(path): another strata is writing into this directory (it holds the lock); wait for it to finish"
                    : "\(path): another strata is using this directory (it holds the lock); wait for it to finish or choose another directory")
            }
            throw SystemError.io(path, "cannot lock the directory", code)
        }
    }

    public func release() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }

    deinit { release() }
}
