import StrataModel

/// Opacity groups put back only where they hold something. A group's target is cleared
/// before its draws, and each draw writes only inside its reach (`FrameDamage.reach`), so
/// outside the union of its draws' reach the target holds transparent black; composite.frag
/// puts back there `0 x opacity`, which blending (`ONE, ONE_MINUS_SRC_ALPHA`) leaves as the
/// pixel below it, byte for byte. So the composite of a plain group (no mask, curl or
/// content shadow) covers only that union: an alert's fading group is its card's pixels,
/// not the whole frame's (composite.frag's texel fetch per pixel was the dearest draw of
/// the alert traces). A group with a draw of unknown reach is put back whole.
enum GroupExtent {
    /// For each `endGroup` of a plain composite in `list`, by its index, the pixels (inside
    /// the frame) its group can hold, empty when it holds nothing; absent when unknown.
    /// `reach` is `FrameDamage.reach(of: list)`.
    static func extents(of list: DrawList, reach: [PixelRect?]) -> [Int: PixelRect] {
        let frame = PixelRect(x0: 0, y0: 0, x1: list.pixelWidth, y1: list.pixelHeight)
        let nothing = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        var extents: [Int: PixelRect] = [:]
        // What each open group holds so far: nil once a draw's reach is unknown.
        var open: [PixelRect?] = []
        func add(_ written: PixelRect?) {
            guard let last = open.indices.last, let held = open[last] else { return }
            guard let w = written else { return open[last] = nil }
            if w.isEmpty { return }
            open[last] = held.isEmpty ? w : held.union(w)
        }
        for i in list.commands.indices {
            switch list.commands[i] {
            case .beginGroup:
                open.append(nothing)
            case .endGroup(let composite):
                guard let held = open.popLast() else { continue }
                if composite.curl != nil || composite.shadow != nil {
                    add(nil)
                } else if composite.mask != nil {
                    // Put back inside the mask's quad only (its reach).
                    add(i < reach.count ? reach[i] : nil)
                } else {
                    let inside = held.map { $0.isEmpty ? nothing : $0.intersection(frame) }
                    if let inside { extents[i] = inside.isEmpty ? nothing : inside }
                    add(inside)
                }
            case .endMask:
                // Closes the content's group and the mask's; mask.frag's pixels unknown here.
                _ = open.popLast()
                _ = open.popLast()
                add(nil)
            case .backdrop(let d):
                // Reads around it (reach unknown for damage) but writes only inside its quad.
                add(OcclusionCulling.bounds(of: d.quad, in: frame))
            default:
                add(i < reach.count ? reach[i] : nil)
            }
        }
        return extents
    }
}
