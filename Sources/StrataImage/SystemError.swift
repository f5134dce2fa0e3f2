import Foundation
import StrataModel

/// The system's own words for a failed call (strerror: "No space left on device",
/// "Read-only file system", "Permission denied"), so a message says what really
/// happened instead of Foundation's "error 512" or a guess.
public enum SystemError {
    /// strerror of `code`.
    public static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// An I/O failure naming the path, what was being done and errno's reason.
    public static func io(_ path: String, _ action: String, _ code: Int32 = errno) -> RenderError {
        .io("\(displayed(path)): \(action): \(reason(code))")
    }

    /// The errno behind a Foundation error, when it carries one (NSPOSIXErrorDomain
    /// directly or as the underlying error of an NSCocoaErrorDomain one).
    public static func errnoCode(of error: Error) -> Int32? {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(ns.code) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        return nil
    }

    /// A Foundation error in the system's words: errno's reason when there is one,
    /// otherwise the localized description without the domain and user info.
    public static func reason(of error: Error) -> String {
        if let code = errnoCode(of: error) { return reason(code) }
        if error is Diagnostic || error is DiagnosticConvertible { return Diagnostic(error).description }
        let ns = error as NSError
        switch (ns.domain, ns.code) {
        case (NSCocoaErrorDomain, NSFileNoSuchFileError), (NSCocoaErrorDomain, NSFileReadNoSuchFileError): return reason(ENOENT)
        case (NSCocoaErrorDomain, NSFileReadNoPermissionError), (NSCocoaErrorDomain, NSFileWriteNoPermissionError): return reason(EACCES)
        case (NSCocoaErrorDomain, NSFileWriteOutOfSpaceError): return reason(ENOSPC)
        case (NSCocoaErrorDomain, NSFileWriteVolumeReadOnlyError): return reason(EROFS)
        case (NSCocoaErrorDomain, NSFileWriteFileExistsError): return reason(EEXIST)
        default: return ns.localizedDescription
        }
    }

    /// An empty path is shown as '' so the message still reads as naming it.
    public static func displayed(_ path: String) -> String { path.isEmpty ? "''" : path }
}
