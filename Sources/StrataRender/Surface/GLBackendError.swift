import StrataModel

/// Why no offscreen GL context could be had, each reason on one line that names the
/// backend first (`osmesa: libOSMesa.so.8: cannot open shared object file: ...`), so a
/// user knows which package is missing without a backtrace.
public enum GLBackendError: Error, CustomStringConvertible, Equatable {
    /// One backend could not be loaded or refused a GL 3.3 core context.
    case unavailable(GLBackend, reason: String)
    /// `auto` tried every backend; the reasons in the order tried.
    case noneAvailable([GLBackendError])
    /// `STRATA_GL` names no backend.
    case unknownBackend(String)

    public var description: String {
        switch self {
        case let .unavailable(backend, reason): return "\(backend.rawValue): \(reason)"
        case .noneAvailable(let reasons):
            return "no GL backend works: " + reasons.map(\.description).joined(separator: "; ")
        case .unknownBackend(let value):
            let names = GLBackend.allCases.map(\.rawValue).joined(separator: ", ")
            return "\(GLBackend.environmentVariable)=\(value) names no GL backend (one of \(names))"
        }
    }
}

extension GLBackendError: DiagnosticConvertible {}
