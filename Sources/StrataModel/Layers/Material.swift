/// What a backdrop layer does to what is drawn behind it (a UIBlurEffect's material): a
/// Gaussian blur, a saturation, then a tint laid over. No GL: `apply(to:)` is the colour
/// maths the compositor's shader does per pixel, for a backdrop of one colour (where
/// the blur changes nothing).
public struct Material: Hashable, Sendable {
    /// The Gaussian's standard deviation, in points (CAFilter's inputRadius).
    public var blurRadius: Double
    /// 1 leaves colours as they are, 0 makes them grey, above 1 strengthens them
    /// (feColorMatrix's saturate, Rec. 709 luminance kept).
    public var saturation: Double
    /// Laid over the saturated backdrop with its alpha, as a colour is composited.
    public var tint: Color

    public init(blurRadius: Double, saturation: Double = 1, tint: Color = .clear) {
        self.blurRadius = blurRadius; self.saturation = saturation; self.tint = tint
    }

    /// Rec. 709's luminance weights: the grey a saturation keeps.
    public static let luminanceWeights = (r: 0.2126, g: 0.7152, b: 0.0722)

    /// The material over a backdrop of one colour: saturated, then tinted. The
    /// saturated colour is not clamped before the tint (the shader keeps it in floats),
    /// so a strong saturation darkens a channel below 0 and the tint lifts it back:
    /// that is how a blue backdrop's red channel ends near iOS's.
    public func apply(to backdrop: Color) -> Color {
        let p = backdrop.premultiplied
        let w = Material.luminanceWeights
        let grey = w.r * p.r + w.g * p.g + w.b * p.b
        let s = saturation
        let saturated = (r: grey + s * (p.r - grey), g: grey + s * (p.g - grey), b: grey + s * (p.b - grey))
        let t = tint.premultiplied
        let a = t.a + (1 - t.a) * p.a
        let clamp = { (v: Double) in min(1, max(0, v)) }
        let r = clamp(t.r + (1 - t.a) * saturated.r), g = clamp(t.g + (1 - t.a) * saturated.g)
        let b = clamp(t.b + (1 - t.a) * saturated.b)
        guard a > 0 else { return .clear }
        return Color(red: min(1, r / a), green: min(1, g / a), blue: min(1, b / a), alpha: a)
    }
}
