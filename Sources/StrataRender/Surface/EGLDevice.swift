/// One device of EGL_EXT_device_enumeration: a GPU's DRM node, or Mesa's software
/// device (llvmpipe), which has none. `strata gpu` lists them; `--device N` picks one.
public struct EGLDevice: Sendable, Equatable {
    /// Its index in eglQueryDevicesEXT's order.
    public let index: Int
    /// The DRM device file (`/dev/dri/card0`), nil for a device without one.
    public let drmFile: String?
    /// The device's own extensions (EGL_EXT_device_drm, EGL_MESA_device_software, ...).
    public let extensions: [String]

    public init(index: Int, drmFile: String?, extensions: [String]) {
        self.index = index; self.drmFile = drmFile; self.extensions = extensions
    }

    /// Mesa marks its software device with EGL_MESA_device_software; NVIDIA's and Mesa's
    /// hardware devices carry a DRM node instead.
    public var isSoftware: Bool { extensions.contains("EGL_MESA_device_software") || drmFile == nil }
}
