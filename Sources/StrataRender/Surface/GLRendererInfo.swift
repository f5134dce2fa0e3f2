/// Which GL implementation an offscreen surface draws with, as the context reports it.
/// Reference directories record it (`strata-references.json`) because a different Mesa
/// or driver is the most common reason a frame drifts by a few levels.
public struct GLRendererInfo: Sendable, Equatable {
    public let backend: GLBackend
    /// How the backend got its display: `surfaceless`, `device 0: /dev/dri/renderD128`;
    /// empty for OSMesa, which has only one way.
    public let platform: String
    /// GL_RENDERER, e.g. `llvmpipe (LLVM 15.0.6, 256 bits)`.
    public let renderer: String
    /// GL_VERSION, e.g. `4.5 (Core Profile) Mesa 22.3.6`.
    public let version: String

    public init(backend: GLBackend, platform: String, renderer: String, version: String) {
        self.backend = backend; self.platform = platform; self.renderer = renderer; self.version = version
    }

    /// `egl (surfaceless)` or `osmesa`.
    public var backendLabel: String { platform.isEmpty ? backend.rawValue : "\(backend.rawValue) (\(platform))" }

    /// The Mesa release from GL_VERSION (`22.3.6`), nil for a driver that is not Mesa.
    public var mesaVersion: String? {
        guard let range = version.range(of: "Mesa ") else { return nil }
        let rest = version[range.upperBound...]
        return String(rest.prefix { !$0.isWhitespace })
    }

    /// Mesa's software rasterizers: what every machine without a GPU draws with, and
    /// what the shipped references were made on.
    public var isSoftware: Bool {
        ["llvmpipe", "softpipe", "swrast", "lavapipe"].contains { renderer.lowercased().hasPrefix($0) }
    }

    /// `egl (surfaceless): llvmpipe (LLVM 15.0.6, 256 bits), 4.5 (Core Profile) Mesa 22.3.6`.
    public var description: String { "\(backendLabel): \(renderer), \(version)" }
}
