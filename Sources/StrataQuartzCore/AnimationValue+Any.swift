import StrataModel

/// A `fromValue`/`toValue`/`values` element that is none of the kinds Strata animates.
private func cannotAnimate(_ value: String) -> Diagnostic {
    Diagnostic("StrataQuartzCore cannot animate a value of type \(value)")
}

extension AnimationValue {
    /// What iOS code passes as an animation value: numbers (NSNumber, CGFloat, Double,
    /// Float, Int), CGPoint, CGSize, CGRect, CATransform3D, CGColor, NSValue boxes of
    /// the geometry, CGPath (a shape layer's `path`), and arrays of colors or numbers (gradient `colors`, `locations`).
    init(any value: Any) throws {
        switch value {
        case let v as AnimationValue: self = v
        case let v as Double: self = .double(v)
        case let v as CGFloat: self = .double(Double(v))
        case let v as Float: self = .double(Double(v))
        case let v as Int: self = .double(Double(v))
        // `isHidden`'s values: a flag animates as 0 or 1.
        case let v as Bool: self = .double(v ? 1 : 0)
        case let v as CGPoint: self = .point(v.strata)
        case let v as CGSize: self = .size(v.strata)
        case let v as CGRect: self = .rect(v.strata)
        case let v as CATransform3D: self = .transform(v.strataTransform)
        case let v as CGColor: self = .color(v.strataColor)
        case let v as CGPath: self = .path(v.strataPath)
        case let v as CGImage: self = .contents(.still(v.strataImage))
        case let v as NSNumber: self = .double(v.doubleValue)
        case let v as NSValue: self = try AnimationValue(boxed: v)
        case let list as [Any]:
            let items = try list.map(AnimationValue.init(any:))
            if let colors = items.map(\.colorValue) as? [Color] { self = .colors(colors) }
            else if let numbers = items.map(\.doubleValue) as? [Double] { self = .doubles(numbers) }
            else { throw cannotAnimate("\(type(of: value))") }
        default: throw cannotAnimate("\(type(of: value))")
        }
    }

    private init(boxed v: NSValue) throws {
        switch String(cString: v.objCType) {
        case CATransform3D.objCType: self = .transform(v.caTransform3DValue.strataTransform)
        case let t where t.hasPrefix("{CGRect"): self = .rect(v.rectValue.strata)
        case let t where t.hasPrefix("{CGSize"): self = .size(v.sizeValue.strata)
        case let t where t.hasPrefix("{CGPoint"): self = .point(v.pointValue.strata)
        case let t: throw cannotAnimate("NSValue \(t)")
        }
    }
}
