import Foundation

/// The surface a backend choice produced, why backends tried before it were passed over
/// (only `auto` passes any over), and what else a user asked for and did not get (`--gpu`
/// on a machine without a hardware device).
public struct OffscreenSurfaceChoice {
    public let surface: any OffscreenSurface
    public let skipped: [GLBackendError]
    public let notes: [String]

    /// `osmesa: llvmpipe (...), 4.5 (Core Profile) Mesa 22.3.6 (skipped egl: ...)`.
    public var description: String {
        let asides = skipped.map { "skipped \($0.description)" } + notes
        return asides.isEmpty ? surface.description : surface.description + " (" + asides.joined(separator: "; ") + ")"
    }
}

/// An offscreen surface from `backend` (nil: the one `STRATA_GL` names, `auto` if unset).
/// `auto` tries EGL, then OSMesa, and throws `GLBackendError.noneAvailable` with both
/// reasons only when neither works. `device` picks that EGL device (and so EGL, with no
/// fallback); `preferGPU` takes the first hardware EGL device when there is one, else
/// software as without it. `environment` supplies STRATA_GL, the library overrides and
/// EGL_DEVICE_ID, so tests can inject them without setenv.
public func chooseOffscreenSurface(backend: GLBackend? = nil, device: Int? = nil, preferGPU: Bool = false,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) throws -> OffscreenSurfaceChoice {
    var notes: [String] = []
    func make(_ backend: GLBackend) throws -> any OffscreenSurface {
        switch backend {
        case .egl:
            if device == nil, preferGPU {
                // When EGL cannot list devices, making the surface below says why.
                if let devices = try? EGLOffscreenSurface.devices(environment: environment) {
                    if let hardware = devices.first(where: { !$0.isSoftware }) {
                        return try EGLOffscreenSurface(environment: environment, device: hardware.index)
                    }
                    notes.append("--gpu: no hardware EGL device among \(devices.count), drawing in software")
                }
            }
            return try EGLOffscreenSurface(environment: environment, device: device)
        case .osmesa:
            if let device { throw GLBackendError.unavailable(.osmesa, reason: "has no devices (--device \(device) picks an EGL device)") }
            return try OSMesaSurface(environment: environment)
        case .auto: preconditionFailure("auto stands for the backends it tries, never for one")
        }
    }
    let wanted = try backend ?? GLBackend(environment: environment)
    // A device asked for (--device, or EGL_DEVICE_ID, even a bad one) is EGL's or an error,
    // never a silent fall back to OSMesa.
    let pinned = device != nil || environment[EGLLibrary.deviceVariable] != nil
    let order: [GLBackend] = wanted != .auto ? [wanted] : pinned ? [.egl] : [.egl, .osmesa]
    var skipped: [GLBackendError] = []
    for candidate in order {
        do {
            return OffscreenSurfaceChoice(surface: try make(candidate), skipped: skipped, notes: notes)
        } catch let error as GLBackendError where order.count > 1 {
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
