import StrataModel

/// Masked groups drawn only where their mask can show. A group that masks to its bounds
/// (`masksToBounds`) is put back by a composite that reads its target only inside the
/// mask's quad, pixel for pixel (composite.frag's `texelFetch`), so only those pixels of
/// the target are cleared and drawn: the draws inside are cut to the quad's pixel bounds
/// (scissored, as `OcclusionCulling`'s pieces are), nested groups inherit the cut, and a
/// frame-sized target costs the clear of a button's worth of pixels, not a frame's. Every
/// pixel the composite reads is drawn as before, so no byte of the frame changes. The
/// same cut takes the frame's damage (`FrameDamage`) to every draw, when only it is drawn.
///
/// Groups that put back their pixels where they lie inherit the cut: an opacity group,
/// both groups of a `CALayer.mask` (mask.frag reads the two at the pixel it writes). Not
/// cut inside: a page curl's group (its composite reads pixels away from where it writes)
/// and a group casting the shadow of its content (blurred and offset); a list with either
/// is never drawn in part (`FrameDamage`). No masked group is cut in a list with a backdrop:
/// its capture reads whatever the open targets hold around it, blurred.
enum GroupClipping {
    /// For each `beginGroup` whose target needs only part of the frame, by its index in
    /// `list`, the pixels to clear; `visibility` (`OcclusionCulling`'s) cut to the same,
    /// each draw by its `reach` (`FrameDamage.reach`).
    /// - Parameters:
    ///   - masks: whether masked groups are cut (off only to check that it changes no byte).
    ///   - damage: the frame's damage, when only it is drawn: every draw and group is cut
    ///     to it too.
    static func clip(_ list: DrawList, _ visibility: inout [DrawVisibility], reach: [PixelRect?], masks: Bool = true,
                     within damage: PixelRect? = nil) -> [Int: PixelRect] {
        let commands = list.commands
        let cutsMasks = masks && commands.contains(where: { if case .endGroup(let c) = $0 { c.mask != nil } else { false } })
            && !commands.contains(where: { if case .backdrop = $0 { true } else { false } })
        guard cutsMasks || damage != nil else { return [:] }
        let frame = PixelRect(x0: 0, y0: 0, x1: list.pixelWidth, y1: list.pixelHeight)
        // Each group's end, found first: the mask is on the composite. A mask's end closes two.
        var ends: [Int: Int] = [:], open: [Int] = []
        for i in commands.indices {
            switch commands[i] {
            case .beginGroup: open.append(i)
            case .endGroup: if let begin = open.popLast() { ends[begin] = i }
            case .endMask: for _ in 0..<2 { if let begin = open.popLast() { ends[begin] = i } }
            default: break
            }
        }
        var clips: [Int: PixelRect] = [:]
        var outer: [PixelRect?] = []
        var current: PixelRect? = damage
        for i in commands.indices {
            switch commands[i] {
            case .beginGroup:
                outer.append(current)
                guard let end = ends[i] else { current = nil; continue }
                if case .endGroup(let composite) = commands[end] {
                    if composite.curl != nil || composite.shadow != nil {
                        // Never with damage: such a list is drawn whole.
                        current = nil
                    } else if cutsMasks, let mask = composite.mask, let box = OcclusionCulling.bounds(of: mask.quad, in: frame) {
                        current = (current ?? frame).intersection(box)
                    }
                }
                if let c = current { clips[i] = c }
            case .endGroup:
                current = outer.popLast() ?? nil
            case .endMask:
                _ = outer.popLast()
                current = outer.popLast() ?? nil
            case .layer, .shadow, .shadowPath, .stack:
                if let c = current { visibility[i] = cut(visibility[i], reach[i], to: c, frame: frame) }
            case .text, .shape:
                // Not cut to pieces: inside a masked group what they write outside the cut
                // is never read; with damage they are scissored to it. One that reaches
                // nothing inside the cut is left out (a label far from the damage).
                if let c = current, let r = reach[i], !r.intersects(c) { visibility[i] = .hidden }
            case .backdrop:
                break
            }
        }
        return clips
    }

    /// A draw's visibility within `clip`, the draw reaching `box` (nil: unknown): whole
    /// while it lies inside (so it may still be batched), else the pieces inside, else hidden.
    static func cut(_ v: DrawVisibility, _ box: PixelRect?, to clip: PixelRect, frame: PixelRect) -> DrawVisibility {
        switch v {
        case .hidden:
            return .hidden
        case .whole:
            let drawn = (box ?? frame).intersection(frame)
            if clip.contains(drawn) { return drawn.isEmpty ? .hidden : .whole }
            let piece = drawn.intersection(clip)
            return piece.isEmpty ? .hidden : .pieces([piece])
        case .pieces(let pieces):
            let inside = pieces.map { $0.intersection(clip) }.filter { !$0.isEmpty }
            return inside.isEmpty ? .hidden : .pieces(inside)
        }
    }
}
