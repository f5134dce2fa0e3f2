import Foundation
import StrataModel

/// A shared library opened with dlopen, so GL platforms (OSMesa, EGL) are looked up at
/// run time: the package builds without their -dev packages, `strata` starts on machines
/// lacking one of them, and a backend that is missing becomes a reason, not a link error.
///
/// Libraries are opened once per path and never closed: GL drivers keep threads and
/// atexit handlers that crash if their code is unmapped.
final class DynamicLibrary: @unchecked Sendable {
    let path: String
    private let handle: UnsafeMutableRawPointer

    private static let lock = NSLock()
    nonisolated(unsafe) private static var opened: [String: DynamicLibrary] = [:]

    private init(path: String, handle: UnsafeMutableRawPointer) {
        self.path = path
        self.handle = handle
    }

    /// The library at `path` (a file name searches the loader's path), opened on first
    /// use. Throws dlerror's one-line reason, which already names the file.
    static func open(_ path: String) throws -> DynamicLibrary {
        lock.lock(); defer { lock.unlock() }
        if let library = opened[path] { return library }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw Diagnostic(lastError() ?? "\(path): cannot be opened")
        }
        let library = DynamicLibrary(path: path, handle: handle)
        opened[path] = library
        return library
    }

    /// The address of `symbol`, or nil when the library does not export it.
    func address(of symbol: String) -> UnsafeMutableRawPointer? {
        dlsym(handle, symbol)
    }

    /// `symbol` as a C function of type `T`; throws naming the library and symbol.
    func function<T>(_ symbol: String, as type: T.Type = T.self) throws -> T {
        guard let p = address(of: symbol) else {
            throw Diagnostic("\(path): no symbol \(symbol)")
        }
        return unsafeBitCast(p, to: T.self)
    }

    private static func lastError() -> String? {
        dlerror().map { String(cString: $0) }
    }
}

