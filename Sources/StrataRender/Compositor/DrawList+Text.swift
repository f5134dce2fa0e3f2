import StrataModel

/// A draw list as text, for snapshot tests without GL and for reading a frame's draws:
/// a header line with the frame, then one line per command, a group's draws indented
/// under it. Each line says the kind, the layer's name (`-` for none), its shape in local
/// points, what it is filled with, its opacity and its matrix, numbers rounded to a
/// thousandth (so a last bit of floating point arithmetic shows no change) and colours as
/// `#RRGGBB(AA)`:
///
///     frame 480x320 px clear #00000000
///     shadow card rect 0 0 100 60 radius 12 sigma 4 color #00000066 at 190 130
///     layer card rect 0 0 100 60 radius 12 background #FF3B30 opacity 1 at 190 130
///
/// A matrix (local points to output pixels) reads `at X Y` when it only moves, `scale SX SY
/// at X Y` when it also scales, `affine A B C D at X Y` in the plane, else `projective` and
/// the nine numbers a point of the layer's plane goes through.
extension DrawList {
    public var text: String {
        var lines = ["frame \(pixelWidth)x\(pixelHeight) px clear \(DrawListText.color(clearColor))"]
        for capture in backdropCaptures {
            lines.append("capture \(capture.x) \(capture.y) \(capture.width) \(capture.height) sigma \(DrawListText.number(capture.sigma))")
        }
        var depth = 0
        for command in commands {
            if case .endGroup = command { depth = max(0, depth - 1) }
            lines.append(String(repeating: "  ", count: depth) + DrawListText.line(command))
            if case .beginGroup = command { depth += 1 }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The words of `DrawList.text`.
enum DrawListText {
    static func line(_ command: DrawCommand) -> String {
        switch command {
        case .shadow(let d): return shadow(d)
        case .layer(let d): return layer(d)
        case .beginGroup: return "group"
        case .endMask(let opacity): return "end mask opacity " + number(opacity)
        case .shadowPath(let d):
            return ["shadow-path", name(d.name), "rect", rect(d.maskRect), "color", color(d.color), matrix(d.quad.matrix)].joined(separator: " ")
        case .endGroup(let g):
            var words = ["end", "opacity", number(g.opacity)]
            if let mask = g.mask { words += ["mask", shape(mask.shape), matrix(mask.quad.matrix)] }
            if let c = g.curl {
                words += ["curl", name(c.name), "page", rect(c.page), "corner", point(c.corner), "direction", point(c.direction),
                          "distance", number(c.distance), "radius", number(c.radius), matrix(c.quad.matrix)]
            }
            return words.joined(separator: " ")
        case .text(let d):
            var words = ["text", name(d.name), SummaryText.quoted(d.layout.string), "font", d.layout.style.font.family, "\(d.layout.style.font.weight)", number(d.layout.style.font.size),
                         "lines", "\(d.layout.lines.count)", "glyphs", "\(d.glyphs.count)", "rect", rect(d.bounds),
                         "color", color(d.color), "opacity", number(d.opacity), "scale", number(d.scale), d.isOnPixelGrid ? "grid" : "resampled"]
            if let clip = d.clip { words += ["clip", shape(clip)] }
            return (words + [matrix(d.matrix)]).joined(separator: " ")
        case .shape(let d):
            var words = ["shape", name(d.name), "fill", color(d.fillColor), "stroke", color(d.strokeColor), "opacity", number(d.opacity),
                         "raster", "\(d.key.width)x\(d.key.height)", "rect", rect(d.quad.rect), d.isOnPixelGrid ? "grid" : "plane"]
            if let clip = d.clip { words += ["clip", shape(clip.shape)] }
            return (words + [matrix(d.quad.matrix)]).joined(separator: " ")
        case .backdrop(let d):
            var words = ["backdrop", name(d.name), shape(d.shape), "blur", number(d.material.blurRadius), "saturation", number(d.material.saturation),
                         "tint", color(d.material.tint), "opacity", number(d.opacity), "capture", "\(d.capture)"]
            if let g = d.groupName { words += ["group", SummaryText.quoted(g)] }
            return (words + [matrix(d.quad.matrix)]).joined(separator: " ")
        case .stack(let d):
            return "stack x\(d.count) " + (d.shadow.map { "[" + shadow($0) + "] " } ?? "") + layer(d.layer)
        }
    }

    static func shadow(_ d: ShadowDraw) -> String {
        var words = ["shadow", name(d.name), shape(d.shape), "sigma", number(d.sigma), "color", color(d.color)]
        if let o = d.occluder { words += ["occluder", rect(o)] }
        return (words + [matrix(d.quad.matrix)]).joined(separator: " ")
    }

    static func layer(_ d: LayerDraw) -> String {
        var words = ["layer", name(d.name), shape(d.shape)]
        if let b = d.backgroundColor, b.alpha > 0 { words += ["background", color(b)] }
        switch d.fill {
        case .none: break
        case let .gradient(type, start, end, stops):
            words += ["gradient", type.rawValue, point(start), "to", point(end), "stops",
                      stops.map { number($0.location) + " " + color($0.color) }.joined(separator: ", ")]
        case .contents(let c):
            words += ["contents", "\(c.image.width)x\(c.image.height)", "frame", rect(c.frame), "source", rect(c.source)] + (c.clipped ? ["clipped"] : [])
        }
        if d.borderWidth > 0 { words += ["border", number(d.borderWidth), color(d.borderColor)] }
        words += ["opacity", number(d.opacity), matrix(d.quad.matrix)]
        if let store = d.backingStore { words += ["store", "\(store.texelWidth)x\(store.texelHeight)", "scale", number(store.key.scale)] }
        return words.joined(separator: " ")
    }

    static func name(_ name: String?) -> String {
        guard let name, !name.isEmpty else { return "-" }
        return name.contains(where: { $0 == " " || $0 == "\"" || $0.isNewline }) ? SummaryText.quoted(name) : name
    }

    /// To a thousandth, -0 as 0, no trailing zeros.
    static func number(_ v: Double) -> String { rounded(v, 1e-3) }

    static func color(_ c: Color) -> String { c.snapshotValue.text }

    static func point(_ p: Point) -> String { number(p.x) + " " + number(p.y) }

    static func rect(_ r: Rect) -> String {
        [r.origin.x, r.origin.y, r.size.width, r.size.height].map(number).joined(separator: " ")
    }

    static func shape(_ s: RoundedRect) -> String {
        "rect " + rect(s.rect) + (s.cornerRadius > 0 ? " radius " + number(s.cornerRadius) : "")
    }

    /// `value` to `step` (a power of ten), -0 as 0.
    static func rounded(_ value: Double, _ step: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        // Divided by a whole number, so a thousandth is the Double nearest it (0.3, not 0.30000000000000004).
        let scale = (1 / step).rounded()
        let r = (value * scale).rounded() / scale
        return SnapshotValue.format(r == 0 ? 0 : r)
    }

    /// The part of a draw's matrix a point of its plane (z = 0) goes through to the
    /// output: x' = x m11 + y m21 + m41, y' = x m12 + y m22 + m42, w = x m14 + y m24 + m44
    /// (the output's z is flattened away). The linear terms to 1e-4, the move to a
    /// thousandth of a pixel, perspective's to 1e-7 (-1/500 over 250 points is 1e-3).
    static func matrix(_ m: Transform3D) -> String {
        let linear = { (v: Double) in rounded(v, 1e-4) }
        let at = "at " + number(m.m41) + " " + number(m.m42)
        guard abs(m.m14) < 1e-12, abs(m.m24) < 1e-12, abs(m.m44 - 1) < 1e-12 else {
            let w = { (v: Double) in rounded(v, 1e-7) }
            return "projective \(linear(m.m11)) \(linear(m.m12)) \(w(m.m14)) | \(linear(m.m21)) \(linear(m.m22)) \(w(m.m24))"
                + " | \(number(m.m41)) \(number(m.m42)) \(w(m.m44))"
        }
        guard abs(m.m12) < 1e-12, abs(m.m21) < 1e-12 else {
            return "affine \(linear(m.m11)) \(linear(m.m12)) \(linear(m.m21)) \(linear(m.m22)) " + at
        }
        return abs(m.m11 - 1) < 1e-12 && abs(m.m22 - 1) < 1e-12 ? at : "scale \(linear(m.m11)) \(linear(m.m22)) " + at
    }
}
