import StrataModel

/// What a whole scene file costs a frame, summed over every layer its repeats make and
/// checked as each layer is made, before the first frame (and by `lint`): the text its
/// layers hold, the shadows and backdrops a frame draws, the image memory its `contents`
/// take. A 10 KB file within every per-layer limit can otherwise ask for gigabytes or
/// minutes a frame (9,900 text layers of 10,000 characters; 9,900 shadows or backdrops).
struct SceneCost {
    var text = 0
    var shadows = 0
    var backdrops = 0
    var textureBytes = 0
    private var images: Set<UInt64> = []

    /// Adds `layer`, made from `t`; throws at the layer that goes over a limit.
    mutating func add(_ layer: Layer, _ t: LayerTemplate, limits: SceneFileLimits) throws {
        if let text = (layer as? TextLayer)?.string {
            self.text += TextLimit.length(text)
            guard self.text <= limits.textLength else {
                throw t.field.error("the scene's text layers hold more than \(limits.textLength) characters in all (repeats counted); --max-scene-text raises the limit")
            }
        }
        // A shadow counts when drawn at the start or animated: the frame may draw it.
        if layer.shadowOpacity > 0 || t.animations.contains(where: { $0.animation.keyPaths.contains { $0.hasPrefix("shadow") } }) {
            shadows += 1
            guard shadows <= limits.shadowCount else {
                throw t.field.error("the scene has more than \(limits.shadowCount) layers with a shadow (repeats counted); --max-shadows raises the limit")
            }
        }
        if layer is BackdropLayer {
            backdrops += 1
            guard backdrops <= limits.backdropCount else {
                throw t.field.error("the scene has more than \(limits.backdropCount) backdrop layers (repeats counted); --max-backdrops raises the limit")
            }
        }
        // Copies share their image: each counts once.
        if let image = layer.contents, images.insert(image.identity).inserted {
            textureBytes += image.width * image.height * 4
            guard textureBytes <= limits.textureBytes else {
                throw t.field.error("the scene's contents images take more than \(limits.textureBytes) bytes decoded; --max-texture-bytes raises the limit")
            }
        }
    }
}
