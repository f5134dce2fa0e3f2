import Foundation

/// The surface a backend choice produced, and why backends tried before it were passed
/// over (only `auto` passes any over).
public struct OffscreenSurfaceChoice {
    public let surface: any OffscreenSurface
    public let skipped: [GLBackendError]

    /// `osmesa: llvmpipe (...), 4.5 (Core Profile) Mesa 22.3.6 (skipped egl: ...)`.
    public var description: String {
        skipped.isEmpty ? surface.description
            : surface.description + " (skipped " + skipped.map(\.description).joined(separator: "; ") + ")"
    }
}

/// An offscreen surface from `backend` (nil: the one `STRATA_GL` names, `auto` if unset).
/// `auto` tries EGL, then OSMesa, and throws `GLBackendError.noneAvailable` with both
/// reasons only when neither works. `environment` supplies STRATA_GL, the library
/// overrides and EGL_DEVICE_ID, so tests can inject them without setenv.
public func chooseOffscreenSurface(backend: GLBackend? = nil,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) throws -> OffscreenSurfaceChoice {
    func make(_ backend: GLBackend) throws -> any OffscreenSurface {
        switch backend {
        case .egl: return try EGLOffscreenSurface(environment: environment)
        case .osmesa: return try OSMesaSurface(environment: environment)
        case .auto: preconditionFailure("auto stands for the backends it tries, never for one")
        }
    }
    let wanted = try backend ?? GLBackend(environment: environment)
    let order: [GLBackend] = wanted == .auto ? [.egl, .osmesa] : [wanted]
    var skipped: [GLBackendError] = []
    for candidate in order {
        do {
            return OffscreenSurfaceChoice(surface: try make(candidate), skipped: skipped)
        } catch let error as GLBackendError where wanted == .auto {
            skipped.append(error)
        }
    }
    throw GLBackendError.noneAvailable(skipped)
}

/// `chooseOffscreenSurface(...).surface`: what renderers that need no display use.
public func makeOffscreenSurface(backend: GLBackend? = nil,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) throws -> any OffscreenSurface {
    try chooseOffscreenSurface(backend: backend, environment: environment).surface
}
