import Testing
@testable import StrataModel

/// Presentation copies apply basic and keyframe animations of numbers, points, sizes and
/// rectangles in the property's own type (TypedAnimationApplier); every other animation
/// goes through `AnimationValue`s. Both must show the same bits.
@Suite struct TypedAnimationApplierTests {
    private static func point(_ x: Double, _ y: Double) -> AnimationValue { .point(Point(x: x, y: y)) }

    /// Animations the typed path takes, on the key paths of every kind it covers.
    static let typed: [any PropertyAnimation] = {
        var list: [any PropertyAnimation] = []
        var slide = BasicAnimation(keyPath: "position", toValue: point(120, -7.5))
        slide.autoreverses = true
        slide.repeatCount = 3
        list.append(slide)
        var from = BasicAnimation(keyPath: "opacity", fromValue: .double(0.1))
        from.timingFunction = .easeIn
        list.append(from)
        list.append(BasicAnimation(keyPath: "bounds", fromValue: .rect(Rect(x: 0, y: 0, width: 3, height: 4)),
                                   toValue: .rect(Rect(x: 1, y: 2, width: 99.3, height: 41))))
        list.append(BasicAnimation(keyPath: "transform.translation", fromValue: .size(Size(width: -3, height: 1)),
                                   toValue: .size(Size(width: 17, height: 0.3))))
        list.append(BasicAnimation(keyPath: "transform.rotation.z", toValue: .double(2.5)))
        var shake = KeyframeAnimation(keyPath: "transform.translation.x", values: [0, 15, -12, 9, -6, 6, 0].map { .double($0) },
                                      keyTimes: [0, 0.225, 0.425, 0.6, 0.75, 0.875, 1])
        shake.timingFunction = .easeInEaseOut
        shake.repeatCount = .infinity
        list.append(shake)
        var path = KeyframeAnimation(keyPath: "position", values: [point(0, 0), point(40, 10), point(10, 80)])
        path.timingFunctions = [.easeOut, .easeIn]
        path.fillMode = .both
        path.isRemovedOnCompletion = false
        list.append(path)
        var steps = KeyframeAnimation(keyPath: "cornerRadius", values: [2, 8, 4].map { .double($0) }, keyTimes: [0, 0.3, 0.9, 1])
        steps.calculationMode = .discrete
        list.append(steps)
        var paced = KeyframeAnimation(keyPath: "anchorPoint", values: [point(0, 0), point(1, 0), point(1, 0.25)])
        paced.calculationMode = .paced
        list.append(paced)
        return list
    }()

    @Test(arguments: 0..<typed.count)
    func typedApplicationShowsTheSameBitsAsTheGeneralPath(_ index: Int) throws {
        let animation = Self.typed[index]
        let model = Layer()
        model.bounds = Rect(x: 0, y: 0, width: 30, height: 20)
        model.position = Point(x: 50, y: 60)
        model.transform = .makeRotation(0.3, 0, 0, 1)
        model.opacity = 0.8
        var a = animation
        a.duration = 0.7
        a.beginTime = 0.05
        try model.add(a, forKey: "a")
        let stored = try #require(model.animation(forKey: "a") as? any PropertyAnimation)
        let property = try #require(Layer.animatableProperties[stored.keyPath])
        #expect(TypedAnimationApplier.make(stored, beginTime: stored.beginTime, property: property) != nil)

        for step in 0..<90 {
            let t = Double(step) * 0.031
            let seen = model.presentation(at: t)
            let general = Layer(layer: model)
            general.isPresentation = true
            if let state = stored.state(elapsed: t - stored.beginTime) { stored.apply(state, to: general) }
            for keyPath in [stored.keyPath, "transform", "position", "bounds", "opacity"] {
                let typedValue = try #require(seen.animatableValue(forKeyPath: keyPath))
                let generalValue = try #require(general.animatableValue(forKeyPath: keyPath))
                #expect(bits(typedValue) == bits(generalValue), "\(stored.keyPath) at \(t): \(keyPath)")
            }
        }
    }

    @Test func theGeneralPathKeepsWhatTheTypedOneDoesNotCover() throws {
        var additive = BasicAnimation(keyPath: "position.x", fromValue: .double(0), toValue: .double(10))
        additive.isAdditive = true
        var cumulative = KeyframeAnimation(keyPath: "opacity", values: [0, 1].map { .double($0) })
        cumulative.isCumulative = true
        let by = BasicAnimation(keyPath: "position", byValue: Self.point(5, 5))
        var cubic = KeyframeAnimation(keyPath: "position", values: [Self.point(0, 0), Self.point(5, 9), Self.point(1, 1)])
        cubic.calculationMode = .cubic
        let color = BasicAnimation(keyPath: "backgroundColor", toValue: .color(.red))
        let transform = BasicAnimation(keyPath: "transform", toValue: .transform(.makeScale(2, 2, 1)))
        let wrongKind = BasicAnimation(keyPath: "position", toValue: .double(3))
        for animation in [additive, cumulative, by, cubic, color, transform, wrongKind] as [any PropertyAnimation] {
            let property = try #require(Layer.animatableProperties[animation.keyPath])
            #expect(TypedAnimationApplier.make(animation, beginTime: 0, property: property) == nil, "\(animation.keyPath)")
        }
    }

    /// Equal keyframe animations share one program (TypedAnimationApplier.Recent): what differs
    /// between them must still show, begin time, layer class, values.
    @Test func equalAnimationsAddedInARowEachShowTheirOwnTime() throws {
        let clock = SceneClock()
        let root = Layer()
        clock.attach(root)
        var layers: [Layer] = []
        for (i, layer) in [Layer(), GradientLayer(), Layer(), Layer()].enumerated() {
            root.addSublayer(layer)
            layers.append(layer)
            clock.advance(to: i == 2 ? 0.5 : 0)  // the third begins later
            var shake = KeyframeAnimation(keyPath: "position.x", values: [0, 10, 30].map { .double($0) })
            shake.duration = 1
            if i == 3 { shake.values = [0, 30, 40].map { .double($0) } }  // begins at 0.5 too
            try layer.add(shake, forKey: "shake")
        }
        let seen = root.presentation(at: 0.75)
        #expect(seen.sublayers.map(\.position.x) == [20, 20, 5, 15])
        #expect(seen.sublayers[1] is GradientLayer)
    }

    @Test func aSharedClosureKeepsNoDelegateAlive() throws {
        final class Delegate: AnimationDelegate {}
        weak var gone: Delegate?
        do {
            let layer = Layer()
            let delegate = Delegate()
            gone = delegate
            for _ in 0..<2 {
                var slide = BasicAnimation(keyPath: "opacity", fromValue: .double(0), toValue: .double(1))
                slide.duration = 1
                slide.delegate = delegate
                slide.completion = { _ in _ = delegate }
                try Layer().add(slide)
                try layer.add(slide, forKey: "slide")
            }
            #expect(layer.presentation(at: 0.5).opacity == 0.5)
        }
        #expect(gone == nil)
    }

    /// The numbers of a value as bit patterns: equal values, signs of zero and all.
    private func bits(_ value: AnimationValue) -> [UInt64] {
        switch value {
        case .double(let v): return [v.bitPattern]
        case .point(let p): return [p.x.bitPattern, p.y.bitPattern]
        case .size(let s): return [s.width.bitPattern, s.height.bitPattern]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height].map(\.bitPattern)
        case .color(let c): return [c.red, c.green, c.blue, c.alpha].map(\.bitPattern)
        case .transform(let t): return t.elements.map(\.bitPattern)
        case .colors(let cs): return cs.flatMap { [$0.red, $0.green, $0.blue, $0.alpha].map(\.bitPattern) }
        case .doubles(let ds): return ds.map(\.bitPattern)
        case .path(let p): return p.points.flatMap { [$0.x.bitPattern, $0.y.bitPattern] }
        case .contents(let f): return [f.fraction.bitPattern, f.from?.identity ?? 0, f.to?.identity ?? 0]
        }
    }
}
