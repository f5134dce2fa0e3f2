import StrataModel

/// `count` copies of one layer drawn over each other in a row: the same geometry, content
/// and shadow (only their names differ), as the seed's `360 / count` on integers stacks
/// every plane of a 500-plane carousel at one angle. Every copy's shadow and fill blend
/// over the last, so each pixel of the shadow's ring sees all of them; drawn as they come,
/// that is `count` full shadows of blending. The renderer draws the run in one pass
/// instead (stack.frag): one copy's shadow and fill drawn once each, then their blends
/// repeated per pixel the way an 8-bit target rounds them, until a pixel stops changing.
public struct StackDraw: Equatable {
    /// The shadow each copy casts before its fill; nil when the layer casts none.
    public var shadow: ShadowDraw?
    /// The copy's fill and border.
    public var layer: LayerDraw
    public var count: Int

    /// Below this many copies drawing them one by one costs less than the pass.
    static let minimumCount = 4

    /// Where the run can draw: the shadow's quad (the shape grown by its blur) and the
    /// fill's, in the layer's local points.
    var quad: Quad {
        let fill = layer.backingStore?.rect ?? layer.quad.rect
        return Quad(matrix: layer.quad.matrix, rect: shadow.map { $0.quad.rect.union(fill) } ?? fill)
    }

    /// Replaces each run of at least `minimumCount` coincident copies in `list` with one
    /// stack. A copy is a layer draw, with the shadow drawn just before it if it has one;
    /// the copies' shadows must match too, and nothing may lie between two copies.
    static func coalesce(_ list: inout DrawList) {
        guard mayHoldRun(list.commands) else { return }
        let commands = list.commands
        // Made at the first stack: most frames have none, and then copy nothing.
        var out: [DrawCommand]?
        var i = 0
        while i < commands.count {
            guard let first = copy(at: i, in: commands) else {
                out?.append(commands[i]); i += 1; continue
            }
            var count = 1, next = i + first.width
            while let c = copy(at: next, in: commands), c.isSame(as: first) { count += 1; next += c.width }
            if count >= minimumCount {
                if out == nil {
                    out = []
                    out?.reserveCapacity(commands.count)
                    out?.append(contentsOf: commands[..<i])
                }
                out?.append(.stack(StackDraw(shadow: first.shadow, layer: first.layer, count: count)))
            } else {
                out?.append(contentsOf: commands[i..<next])
            }
            i = next
        }
        if let out { list.commands = out }
    }

    /// A quick look before the walk, so that lists without runs (nearly all) cost one
    /// matrix comparison per layer draw: copies are layer draws one or two commands
    /// apart with one matrix.
    private static func mayHoldRun(_ commands: [DrawCommand]) -> Bool {
        var last: (index: Int, matrix: Transform3D)?
        for (i, command) in commands.enumerated() {
            guard case .layer(let d) = command else { continue }
            if let l = last, i - l.index <= 2, l.matrix == d.quad.matrix { return true }
            last = (i, d.quad.matrix)
        }
        return false
    }

    /// One copy: a shadow and its layer, or a layer alone.
    private struct Copy {
        var shadow: ShadowDraw?
        var layer: LayerDraw
        var width: Int { shadow == nil ? 1 : 2 }

        func isSame(as o: Copy) -> Bool {
            var a = self
            a.layer.name = o.layer.name
            a.shadow?.name = o.shadow?.name
            return a.layer == o.layer && a.shadow == o.shadow
        }
    }

    private static func copy(at i: Int, in commands: [DrawCommand]) -> Copy? {
        guard i < commands.count else { return nil }
        switch commands[i] {
        case .layer(let d):
            return Copy(shadow: nil, layer: d)
        case .shadow(let s):
            guard i + 1 < commands.count, case .layer(let d) = commands[i + 1], s.quad.matrix == d.quad.matrix
            else { return nil }
            return Copy(shadow: s, layer: d)
        default:
            return nil
        }
    }
}
