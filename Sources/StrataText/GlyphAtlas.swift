import StrataModel

/// Rasterised glyphs packed into one single-channel coverage bitmap, uploaded by the
/// renderer as one texture: every text layer draws from it, and glyphs stay in it from
/// frame to frame. A glyph is keyed by its face, its size in pixels (the font size
/// times the output scale: 2x text is rasterised at 2x, never scaled up) and a quarter-
/// pixel horizontal offset (subpixel positioning keeps advances exact while baselines
/// snap to whole pixels).
///
/// Packing is shelf by shelf. When a frame needs more than fits, the atlas starts
/// over (and doubles, up to `maximumSide`, if one frame alone overflows it).
public final class GlyphAtlas {
    public struct Key: Hashable, Sendable {
        public let face: FontFace
        public let glyph: UInt32
        /// Pixels per em, in 1/64 pixel.
        public let pixelSize64: Int
        /// Horizontal offset in 1/`subpixelSteps` pixel.
        public let subpixel: Int
    }

    /// A glyph's rectangle in the atlas, one zero texel of padding included (so it can
    /// be sampled bilinearly up to its edge), and where that rectangle sits relative to
    /// the pen: `left` pixels right of it, `top` pixels above the baseline.
    public struct Entry: Hashable, Sendable {
        public let x: Int, y: Int, width: Int, height: Int
        public let left: Int, top: Int
        public var isEmpty: Bool { width == 0 }
    }

    public static let subpixelSteps = 4
    static let padding = 1

    public private(set) var width: Int
    public private(set) var height: Int
    /// width * height bytes, rows top-down.
    public private(set) var coverage: [UInt8]
    /// Changes whenever `coverage` does: the renderer uploads when it differs.
    public private(set) var version = 0
    public let maximumSide: Int
    public var glyphCount: Int { entries.count }

    private var entries: [Key: Entry] = [:]
    private var shelves: [(y: Int, height: Int, x: Int)] = []
    private var nextShelfY = 0

    public init(width: Int = 1024, height: Int = 1024, maximumSide: Int = 4096) {
        self.width = width; self.height = height; self.maximumSide = max(maximumSide, width, height)
        coverage = [UInt8](repeating: 0, count: width * height)
    }

    /// The glyph's entry, rasterised on first use; nil when the atlas is full.
    public func entry(for key: Key) -> Entry? {
        if let e = entries[key] { return e }
        let bitmap = key.face.rasterize(key.glyph, pixelSize: Double(key.pixelSize64) / 64,
                                    offsetX: Double(key.subpixel) / Double(GlyphAtlas.subpixelSteps))
        if bitmap.width == 0 || bitmap.height == 0 {
            let e = Entry(x: 0, y: 0, width: 0, height: 0, left: 0, top: 0)
            entries[key] = e
            return e
        }
        let p = GlyphAtlas.padding
        let w = bitmap.width + 2 * p, h = bitmap.height + 2 * p
        guard let (x, y) = allocate(w, h) else { return nil }
        for row in 0..<bitmap.height {
            let dst = (y + p + row) * width + x + p
            coverage.replaceSubrange(dst..<dst + bitmap.width,
                                     with: bitmap.coverage[row * bitmap.width..<(row + 1) * bitmap.width])
        }
        version += 1
        let e = Entry(x: x, y: y, width: w, height: h, left: bitmap.left - p, top: bitmap.top + p)
        entries[key] = e
        return e
    }

    /// Forgets every glyph; `growing` also doubles the atlas (up to `maximumSide`).
    public func clear(growing: Bool = false) {
        if growing {
            width = min(width * 2, maximumSide); height = min(height * 2, maximumSide)
        }
        entries = [:]
        shelves = []
        nextShelfY = 0
        coverage = [UInt8](repeating: 0, count: width * height)
        version += 1
    }

    private func allocate(_ w: Int, _ h: Int) -> (Int, Int)? {
        guard w <= width else { return nil }
        // The lowest shelf that takes the glyph without wasting more than half its height.
        var best: Int?
        for i in shelves.indices where shelves[i].height >= h && shelves[i].height <= h + h / 2 + 2
            && shelves[i].x + w <= width {
            if best == nil || shelves[i].height < shelves[best!].height { best = i }
        }
        if let i = best {
            let x = shelves[i].x
            shelves[i].x += w
            return (x, shelves[i].y)
        }
        // A new shelf, a little taller than this glyph so its neighbours fit too.
        let shelfHeight = min(h + h / 4 + 1, height - nextShelfY)
        guard shelfHeight >= h else { return nil }
        shelves.append((y: nextShelfY, height: shelfHeight, x: w))
        nextShelfY += shelfHeight
        return (0, nextShelfY - shelfHeight)
    }
}
