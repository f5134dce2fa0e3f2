import StrataModel

/// Where a frame can differ from the one its target already holds: Core Animation redraws
/// only the damaged part of a layer tree, and so does the renderer. Two lists of the same
/// size, clear colour and shape (the same number of commands, groups opened and closed at
/// the same places) are compared command by command; the damage is every pixel a
/// differing command can reach, in the old list and in the new. Outside it, each command
/// draws the same as before over the same pixels (by induction from the clear: what lies
/// below was also outside the damage), so the frame there keeps its bytes, and only the
/// damage is cleared and drawn again, every draw scissored to it. Inside it every pixel is
/// drawn as in a whole frame: a scissor drops fragments, it changes none. A group's target
/// outside the damage is neither cleared nor drawn, and its composite is scissored too,
/// so what it holds there is never read.
///
/// This holds only where each pass writes a pixel from what lies at that pixel. A list
/// with a draw that reads pixels elsewhere is drawn whole: a backdrop (its capture blurs
/// what lies around it), a page curl (its composite moves pixels), a group that casts the
/// shadow of its content (blurred and offset). Drawn whole too: lists of another shape, a
/// differing command whose reach is unknown (a composite of the whole target, a
/// `CALayer.mask`'s end, a corner at or behind the eye), and damage over half the frame
/// (drawing it whole is no dearer).
enum FrameDamage {
    /// The share of the frame above which a frame is drawn whole.
    static let largestShare = 0.5

    /// The pixels each command can write: one entry per command, nil where unknown.
    /// `textBounds` gives the n-th text draw's pixels, from its glyphs' quads.
    static func reach(of list: DrawList, textBounds: (_ textIndex: Int, TextDraw) -> PixelRect?) -> [PixelRect?] {
        let frame = PixelRect(x0: 0, y0: 0, x1: list.pixelWidth, y1: list.pixelHeight)
        func bounds(_ q: Quad) -> PixelRect? { OcclusionCulling.bounds(of: q, in: frame) }
        func layer(_ d: LayerDraw) -> PixelRect? {
            guard let drawn = bounds(d.quad) else { return nil }
            guard let store = d.backingStore else { return drawn }
            return bounds(Quad(matrix: d.quad.matrix, rect: store.rect)).map { drawn.union($0) }
        }
        var texts = 0
        return list.commands.map { command -> PixelRect? in
            switch command {
            case .layer(let d): return layer(d)
            case .shadow(let d): return bounds(d.quad)
            // The quad is the blurred mask's rectangle, offset included.
            case .shadowPath(let d): return bounds(d.quad)
            case .stack(let s):
                guard let run = bounds(s.quad), let fill = layer(s.layer) else { return nil }
                guard let shadow = s.shadow else { return run.union(fill) }
                return bounds(shadow.quad).map { run.union(fill).union($0) }
            case .beginGroup: return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
            case .endGroup(let c): return c.curl == nil && c.shadow == nil ? c.mask.flatMap { bounds($0.quad) } : nil
            case .endMask: return nil
            case .text(let d):
                texts += 1
                return textBounds(texts - 1, d)
            case .shape(let d): return bounds(d.quad)
            case .backdrop: return nil
            }
        }
    }

    /// The damage of drawing `new` (reaching `newReach`) over `old` (`oldReach`): nil when
    /// the frame must be drawn whole, an empty rectangle when nothing differs. A command
    /// differs only if it draws differently (`drawsSame`) and is not left out as hidden
    /// in both lists (`oldHidden`, `newHidden`, by index; none when empty): a hidden draw
    /// writes no pixel, so its changes reach none (a layer fading in under an opaque one).
    static func damage(from old: DrawList, _ oldReach: [PixelRect?], _ oldHidden: [Bool] = [],
                       to new: DrawList, _ newReach: [PixelRect?], _ newHidden: [Bool] = []) -> PixelRect? {
        guard old.pixelWidth == new.pixelWidth, old.pixelHeight == new.pixelHeight, old.clearColor == new.clearColor,
              old.commands.count == new.commands.count, oldReach.count == old.commands.count,
              newReach.count == new.commands.count, !drawsWhole(new), !drawsWhole(old) else { return nil }
        let frame = PixelRect(x0: 0, y0: 0, x1: new.pixelWidth, y1: new.pixelHeight)
        let hides = oldHidden.count == old.commands.count && newHidden.count == new.commands.count
        var damage = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        for i in new.commands.indices where !drawsSame(old.commands[i], new.commands[i]) && !(hides && oldHidden[i] && newHidden[i]) {
            // A group opened or closed elsewhere puts the same draws in other targets.
            guard sameTarget(old.commands[i], new.commands[i]), let a = oldReach[i], let b = newReach[i] else { return nil }
            for r in [a, b] where !r.intersection(frame).isEmpty { damage = damage.isEmpty ? r : damage.union(r) }
        }
        damage = damage.intersection(frame)
        guard Double(damage.area) <= largestShare * Double(frame.area) else { return nil }
        return damage
    }

    /// Whether two commands write the same pixels wherever they are drawn: equal, or text
    /// that places the same glyphs through the same matrix with the same colour, opacity
    /// and clip. Text's box, layout and layer matrix only placed the glyphs; where they
    /// lie in local points (`rasterOffset`, `scale`) matters only to a clip. Only lists
    /// without a group's content shadow come here (`drawsWhole`), which reads the box.
    static func drawsSame(_ a: DrawCommand, _ b: DrawCommand) -> Bool {
        if a == b { return true }
        guard case .text(let s) = a, case .text(let t) = b else { return false }
        return s.glyphs == t.glyphs && s.isOnPixelGrid == t.isOnPixelGrid && s.rasterToPixels == t.rasterToPixels
            && s.color == t.color && s.opacity == t.opacity && s.clip == t.clip
            && (s.clip == nil || (s.rasterOffset == t.rasterOffset && s.scale == t.scale))
    }

    /// Whether two commands at one index leave the same groups open after them: both
    /// open one, both close one of the same kind, or neither opens or closes any.
    private static func sameTarget(_ a: DrawCommand, _ b: DrawCommand) -> Bool {
        func kind(_ c: DrawCommand) -> Int {
            switch c {
            case .beginGroup: return 1
            case .endGroup: return 2
            case .endMask: return 3
            default: return 0
            }
        }
        return kind(a) == kind(b)
    }

    /// Whether a list has a draw that reads pixels other than those it writes: then it
    /// is drawn whole.
    static func drawsWhole(_ list: DrawList) -> Bool {
        list.commands.contains { command in
            switch command {
            case .backdrop: return true
            case .endGroup(let c): return c.curl != nil || c.shadow != nil
            default: return false
            }
        }
    }
}

extension PixelRect {
    /// The pixels in both; empty (`isEmpty`) when they do not meet.
    func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }

    /// The smallest rectangle holding both.
    func union(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }
}
