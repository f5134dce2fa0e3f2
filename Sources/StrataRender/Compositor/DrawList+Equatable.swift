import StrataModel

// Equal lists draw equal pixels: the renderer is a function of its list (its caches are
// keyed by what the list holds by value, contents by their identity), so a frame whose
// list equals the last one's is not drawn again (`Renderer.render`). The conformances
// the compiler cannot write are here.

extension TextDraw: Equatable {
    /// The layout is left out: the glyphs were placed from it, and only they are drawn.
    public static func == (a: TextDraw, b: TextDraw) -> Bool {
        a.matrix == b.matrix && a.bounds == b.bounds && a.glyphs == b.glyphs && a.isOnPixelGrid == b.isOnPixelGrid
            && a.rasterOffset == b.rasterOffset && a.rasterToPixels == b.rasterToPixels && a.color == b.color
            && a.opacity == b.opacity && a.scale == b.scale && a.clip == b.clip && a.name == b.name
    }
}

extension GroupComposite: Equatable {
    public static func == (a: GroupComposite, b: GroupComposite) -> Bool {
        a.opacity == b.opacity && a.curl == b.curl && a.shadow == b.shadow && a.mask?.quad == b.mask?.quad && a.mask?.shape == b.mask?.shape
    }
}
