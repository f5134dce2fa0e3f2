// The Swift types declared properties hold (`DeclaredValue`): how a snapshot shows each
// (numbers shortest round-trip, a point, size, rect or matrix as a list, colours
// `#RRGGBB(AA)`, nil as `nil`) and what a reader takes for it.

extension Double: DeclaredValue {
    public var snapshotValue: SnapshotValue { .number(self) }
    public static var kind: PropertyValueKind { .number }
}
extension Int: DeclaredValue {
    public var snapshotValue: SnapshotValue { .number(Double(self)) }
    public static var kind: PropertyValueKind { .integer }
}
extension Bool: DeclaredValue {
    public var snapshotValue: SnapshotValue { .flag(self) }
    public static var kind: PropertyValueKind { .flag }
}
extension String: DeclaredValue {
    public var snapshotValue: SnapshotValue { .text(self) }
    public static var kind: PropertyValueKind { .text }
}
extension Point: DeclaredValue {
    public var snapshotValue: SnapshotValue { .numbers([x, y]) }
    public static var kind: PropertyValueKind { .point }
}
extension Size: DeclaredValue {
    public var snapshotValue: SnapshotValue { .numbers([width, height]) }
    public static var kind: PropertyValueKind { .size }
}
extension Rect: DeclaredValue {
    public var snapshotValue: SnapshotValue { .numbers([origin.x, origin.y, size.width, size.height]) }
    public static var kind: PropertyValueKind { .rect }
}
extension Transform3D: DeclaredValue {
    public var snapshotValue: SnapshotValue {
        .numbers([m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44])
    }
    public static var kind: PropertyValueKind { .transform }
}
extension Color: DeclaredValue {
    public var snapshotValue: SnapshotValue { .color(self) }
    public static var kind: PropertyValueKind { .color }
}
extension Array: DeclaredValue where Element: DeclaredValue {
    /// Colours as their texts, numbers as a list.
    public var snapshotValue: SnapshotValue {
        if let numbers = self as? [Double] { return .numbers(numbers) }
        return .texts(map(\.snapshotValue.text))
    }
    public static var kind: PropertyValueKind {
        switch Element.kind {
        case .color: return .colors
        case .number: return .numbers
        default: return .other
        }
    }
}
extension Optional: DeclaredValue where Wrapped: DeclaredValue {
    /// The wrapped type's value, or none for a reader's nil (a null colour).
    public init?(sceneValue value: Any, current: Wrapped??) {
        if let v = Wrapped(sceneValue: value, current: current ?? nil) {
            self = v
        } else if let maybe = value as? Wrapped?, case .none = maybe {
            self = nil
        } else {
            return nil
        }
    }
    public var snapshotValue: SnapshotValue { map(\.snapshotValue) ?? .text("nil") }
    public static var kind: PropertyValueKind { Wrapped.kind }
}
extension Image: DeclaredValue {
    public var snapshotValue: SnapshotValue { .text("image \(width)x\(height)") }
    public static var kind: PropertyValueKind { .image }
}
extension Font: DeclaredValue {
    /// A scene file names the family; the size and weight stay.
    public init?(sceneValue value: Any, current: Font?) {
        guard let family = value as? String, var font = current else { return nil }
        font.family = family
        self = font
    }
    /// Family and weight (the size is `fontSize`'s).
    public var snapshotValue: SnapshotValue { .text(family + " " + "\(weight)") }
    public static var kind: PropertyValueKind { .font }
}
extension Material: DeclaredValue {
    public var snapshotValue: SnapshotValue { .text("\(self)") }
    public static var kind: PropertyValueKind { .other }
}
extension Path: DeclaredValue {
    /// SVG path data: `M 0 0 L 10 0 Q ... C ... Z`.
    public var snapshotValue: SnapshotValue {
        func p(_ p: Point) -> String { SnapshotValue.format(p.x) + " " + SnapshotValue.format(p.y) }
        return .text(elements.map { e in
            switch e {
            case .move(let to): return "M " + p(to)
            case .line(let to): return "L " + p(to)
            case .quadCurve(let to, let c): return "Q " + p(c) + " " + p(to)
            case .curve(let to, let c1, let c2): return "C " + p(c1) + " " + p(c2) + " " + p(to)
            case .closeSubpath: return "Z"
            }
        }.joined(separator: " "))
    }
    public static var kind: PropertyValueKind { .path }
}

extension GradientLayer.GradientType: DeclaredChoice { public static var noun: String { "gradient type" } }
extension TextAlignment: DeclaredChoice { public static var noun: String { "alignment" } }
extension LineBreakMode: DeclaredChoice { public static var noun: String { "line break mode" } }
extension TextLayer.TruncationMode: DeclaredChoice { public static var noun: String { "truncation mode" } }
extension ShapeLayer.FillRule: DeclaredChoice { public static var noun: String { "fill rule" } }
extension ShapeLayer.LineCap: DeclaredChoice { public static var noun: String { "line cap" } }
extension ShapeLayer.LineJoin: DeclaredChoice { public static var noun: String { "line join" } }
extension ContentsGravity: DeclaredChoice { public static var noun: String { "contents gravity" } }
extension ContentsFilter: DeclaredChoice { public static var noun: String { "contents filter" } }
