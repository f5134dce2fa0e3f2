import StrataGestures
import StrataModel

/// The scenes a command knows, by name: those its executable (or test) passes in.
public struct SceneCatalog: Sendable {
    public let descriptors: [SceneDescriptor]

    /// Later descriptors with a name already taken are left out: a package's own scene
    /// listed first wins over a later one of the same name.
    public init(_ descriptors: [SceneDescriptor]) {
        var seen = Set<String>()
        self.descriptors = descriptors.filter { seen.insert($0.name).inserted }
    }

    public var names: [String] { descriptors.map(\.name) }

    public func descriptor(named name: String) -> SceneDescriptor? {
        descriptors.first { $0.name == name }
    }

    /// The descriptor, or an error that lists the known scenes.
    public func require(_ name: String) throws -> SceneDescriptor {
        guard let d = descriptor(named: name) else {
            throw SceneError("unknown scene \"\(name)\"; known scenes: \(names.joined(separator: ", "))")
        }
        return d
    }

    public func makeScene(named name: String, options: [String: TraceValue] = [:], viewSize: Size,
                          scale: Double = 1) throws -> Scene {
        try require(name).makeScene(options: options, viewSize: viewSize, scale: scale)
    }
}
