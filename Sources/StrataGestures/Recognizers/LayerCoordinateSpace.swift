import StrataModel

/// The space of a recognizer's `in: layer` parameter, as `convert(_:from:)` serves
/// UIKit's `translation(in: view)`: points go between root coordinates (where events
/// arrive) and the layer's bounds through `LayerGeometry`, so they land where the
/// renderer draws the layer. nil (the root) converts nothing, and so does a layer seen
/// exactly edge-on, which has no inverse: callers then keep root coordinates.
struct LayerCoordinateSpace {
    private let geometry: LayerGeometry?

    init(_ layer: Layer?) {
        geometry = layer.map(LayerGeometry.init).flatMap { $0.isEdgeOn ? nil : $0 }
    }

    func convertFromRoot(_ p: Point) -> Point { geometry?.convertFromRoot(p) ?? p }
    func convertToRoot(_ p: Point) -> Point { geometry?.convertToRoot(p) ?? p }
}
