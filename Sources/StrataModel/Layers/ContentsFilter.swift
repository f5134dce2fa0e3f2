/// CALayer's `minificationFilter` and `magnificationFilter` (`CALayerContentsFilter`): how
/// `contents` are sampled when drawn smaller or larger than their pixels. The default
/// is `linear` for both.
public enum ContentsFilter: String, CaseIterable, Sendable {
    /// Bilinear: the four nearest texels weighted.
    case linear
    /// The nearest texel: hard pixels, as pixel art wants when magnified.
    case nearest
    /// Bilinear between the two nearest mipmap levels: minified images without shimmer.
    /// As a magnification filter it is linear (mipmaps only make things smaller).
    case trilinear
}
