/// Which GL platform offscreen surfaces come from. `auto` tries EGL first (what Mesa
/// keeps; OSMesa is deprecated there) and falls back to OSMesa.
public enum GLBackend: String, CaseIterable, Sendable {
    case auto, egl, osmesa

    /// The environment variable that picks the backend: `egl`, `osmesa` or `auto`.
    public static let environmentVariable = "STRATA_GL"

    /// The backend `STRATA_GL` names in `environment`; `auto` when it is unset or empty.
    /// A value that names no backend throws rather than silently meaning `auto`.
    public init(environment: [String: String]) throws {
        guard let value = environment[GLBackend.environmentVariable], !value.isEmpty else {
            self = .auto
            return
        }
        guard let backend = GLBackend(rawValue: value.lowercased()) else {
            throw GLBackendError.unknownBackend(value)
        }
        self = backend
    }
}
