/// A layer's properties as snapshot values under Core Animation's key names, and its
/// class's defaults (a fresh layer of that class described the same way), so a snapshot
/// keeps only what differs. Subclasses of the known classes are described as the nearest.
struct LayerDescription {
    let className: String
    let values: [(String, SnapshotValue)]
    var defaults: [String: SnapshotValue] { LayerDescription.defaults[className] ?? [:] }

    /// The key order of the text form: CALayer's, then the subclasses' in declaration order.
    static let keyOrder: [String] = [
        "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform", "sublayerTransform",
        "opacity", "hidden", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds",
        "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset", "doubleSided", "contents",
        "colors", "locations", "startPoint", "endPoint", "type",
        "string", "font", "fontSize", "foregroundColor", "alignmentMode", "numberOfLines", "lineBreakMode", "lineHeight",
        "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
        "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd",
        "material", "groupName", "curlDistance", "curlRadius", "curlDirection",
    ]

    /// A class's default for `key` (what a snapshot leaves out); nil for a key the class lacks.
    static func defaultValue(className: String, key: String) -> SnapshotValue? { defaults[className]?[key] }

    static func order<S: Sequence>(of keys: S) -> [String] where S.Element == String {
        let rank = Dictionary(uniqueKeysWithValues: keyOrder.enumerated().map { ($1, $0) })
        return keys.sorted { (rank[$0] ?? Int.max, $0) < (rank[$1] ?? Int.max, $1) }
    }

    private static let defaults: [String: [String: SnapshotValue]] = {
        var table: [String: [String: SnapshotValue]] = [:]
        for layer in [Layer(), GradientLayer(), TextLayer(), TransformLayer(), BackdropLayer(), PageCurlLayer(), ShapeLayer()] {
            let d = of(layer)
            table[d.className] = Dictionary(d.values, uniquingKeysWith: { a, _ in a })
        }
        return table
    }()

    static func of(_ layer: Layer) -> LayerDescription {
        var v = base(layer)
        let name: String
        switch layer {
        case let g as GradientLayer:
            name = "CAGradientLayer"
            v += [("colors", .texts(g.colors.map { SnapshotValue.color($0).text })),
                  ("locations", g.locations.map { .numbers($0) } ?? .text("nil")),
                  ("startPoint", .numbers([g.startPoint.x, g.startPoint.y])),
                  ("endPoint", .numbers([g.endPoint.x, g.endPoint.y])), ("type", .text(g.type.rawValue))]
        case let t as TextLayer:
            name = "CATextLayer"
            v += [("string", .text(t.string ?? "nil")), ("font", .text(t.font.family + " " + "\(t.font.weight)")),
                  ("fontSize", .number(t.fontSize)), ("foregroundColor", SnapshotValue.color(t.foregroundColor)),
                  ("alignmentMode", .text(t.alignmentMode.rawValue)), ("numberOfLines", .number(Double(t.numberOfLines))),
                  ("lineBreakMode", .text(t.lineBreakMode.rawValue)), ("lineHeight", t.lineHeight.map { .number($0) } ?? .text("nil"))]
        case is TransformLayer: name = "CATransformLayer"
        case let s as ShapeLayer:
            name = "CAShapeLayer"
            v += [("path", .text(s.path.map(svgPathData) ?? "nil")),
                  ("fillColor", s.fillColor.map(SnapshotValue.color) ?? .text("nil")), ("fillRule", .text(s.fillRule.rawValue)),
                  ("strokeColor", s.strokeColor.map(SnapshotValue.color) ?? .text("nil")), ("lineWidth", .number(s.lineWidth)),
                  ("lineCap", .text(s.lineCap.rawValue)), ("lineJoin", .text(s.lineJoin.rawValue)), ("miterLimit", .number(s.miterLimit)),
                  ("lineDashPattern", s.lineDashPattern.map { .numbers($0) } ?? .text("nil")), ("lineDashPhase", .number(s.lineDashPhase)),
                  ("strokeStart", .number(s.strokeStart)), ("strokeEnd", .number(s.strokeEnd))]
        case let b as BackdropLayer:
            name = "CABackdropLayer"
            v += [("material", .text(b.material.map { "\($0)" } ?? "nil")), ("groupName", .text(b.groupName ?? "nil"))]
        case let p as PageCurlLayer:
            name = "PageCurlLayer"
            v += [("curlDistance", .number(p.curlDistance)), ("curlRadius", .number(p.curlRadius)),
                  ("curlDirection", .number(p.curlDirection))]
        default: name = "CALayer"
        }
        return LayerDescription(className: name, values: v)
    }

    /// A path as absolute SVG path data (M L Q C Z), numbers in their shortest form.
    static func svgPathData(_ p: Path) -> String {
        p.elements.map { e -> String in
            let letter: String
            switch e {
            case .move: letter = "M"
            case .line: letter = "L"
            case .quadCurve: letter = "Q"
            case .curve: letter = "C"
            case .closeSubpath: return "Z"
            }
            return ([letter] + e.points.flatMap { [SnapshotValue.format($0.x), SnapshotValue.format($0.y)] }).joined(separator: " ")
        }.joined(separator: " ")
    }

    private static func base(_ l: Layer) -> [(String, SnapshotValue)] {
        func matrix(_ t: Transform3D) -> SnapshotValue {
            .numbers([t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44])
        }
        let b = l.bounds
        return [
            ("bounds", .numbers([b.origin.x, b.origin.y, b.size.width, b.size.height])),
            ("position", .numbers([l.position.x, l.position.y])),
            ("anchorPoint", .numbers([l.anchorPoint.x, l.anchorPoint.y])),
            ("anchorPointZ", .number(l.anchorPointZ)), ("zPosition", .number(l.zPosition)),
            ("transform", matrix(l.transform)), ("sublayerTransform", matrix(l.sublayerTransform)),
            ("opacity", .number(l.opacity)), ("hidden", .flag(l.isHidden)),
            ("backgroundColor", l.backgroundColor.map(SnapshotValue.color) ?? .text("nil")),
            ("cornerRadius", .number(l.cornerRadius)), ("borderWidth", .number(l.borderWidth)),
            ("borderColor", SnapshotValue.color(l.borderColor)), ("masksToBounds", .flag(l.masksToBounds)),
            ("shadowColor", SnapshotValue.color(l.shadowColor)), ("shadowOpacity", .number(l.shadowOpacity)),
            ("shadowRadius", .number(l.shadowRadius)),
            ("shadowOffset", .numbers([l.shadowOffset.width, l.shadowOffset.height])),
            ("doubleSided", .flag(l.isDoubleSided)),
            ("contents", .text(l.contents.map { "image \($0.width)x\($0.height)" } ?? "nil")),
        ]
    }
}
