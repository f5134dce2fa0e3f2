import StrataRender

/// Each test owns its renderer: Swift Testing runs tests on many threads, and a GL
/// context is current on one thread at a time.
public func makeRenderer() throws -> Renderer {
    try Renderer(surface: try makeOffscreenSurface())
}
