import Testing
@testable import StrataModel

/// The typed key paths (`AnimationKeyPath`) and the animations built from them
/// (`TypedAnimation`): each names a key path its class's table animates, with values of
/// the property's type, so adding one needs no check and cannot throw.
@Suite struct AnimationKeyPathTests {
    /// Every typed key path, checked against its root class's table: the name is one of
    /// the table's key paths and the property reads as a value of the typed `Value`.
    @Test func everyTypedKeyPathIsInItsClassTableWithItsValueType() {
        var checked: [String] = []
        func check<Root: Layer, Value>(_ keyPath: AnimationKeyPath<Root, Value>, _ make: () -> Root) {
            let layer = make()
            let property = Root.animatableProperties[keyPath.name]
            #expect(property != nil, "\(Root.self).\(keyPath.name) is not animatable")
            if let value = property?.value(of: layer) {
                #expect(Value(animationValue: value) != nil, "\(keyPath.name) reads as \(value), not \(Value.self)")
            }
            checked.append("\(Root.self).\(keyPath.name)")
        }
        let layer = { Layer() }
        check(.bounds, layer); check(.bounds.origin, layer); check(.bounds.origin.x, layer); check(.bounds.origin.y, layer)
        check(.bounds.size, layer); check(.bounds.size.width, layer); check(.bounds.size.height, layer)
        check(.position, layer); check(.position.x, layer); check(.position.y, layer)
        check(.anchorPoint, layer); check(.anchorPoint.x, layer); check(.anchorPoint.y, layer)
        check(.anchorPointZ, layer); check(.zPosition, layer)
        for t in [AnimationKeyPath<Layer, Transform3D>.transform, .sublayerTransform] {
            check(t, layer); check(t.translation, layer)
            check(t.translationX, layer); check(t.translationY, layer); check(t.translationZ, layer)
            check(t.rotation, layer); check(t.rotationX, layer); check(t.rotationY, layer); check(t.rotationZ, layer)
            check(t.scale, layer); check(t.scaleX, layer); check(t.scaleY, layer); check(t.scaleZ, layer)
        }
        check(.opacity, layer); check(.backgroundColor, layer); check(.cornerRadius, layer)
        check(.borderWidth, layer); check(.borderColor, layer)
        check(.shadowColor, layer); check(.shadowOpacity, layer); check(.shadowRadius, layer)
        check(.shadowOffset, layer); check(.shadowOffset.width, layer); check(.shadowOffset.height, layer)

        let gradient = { GradientLayer() }
        check(.colors, gradient); check(.locations, gradient); check(.startPoint, gradient); check(.endPoint, gradient)
        let shape = { ShapeLayer() }
        check(.path, shape); check(.fillColor, shape); check(.strokeColor, shape); check(.lineWidth, shape)
        check(.miterLimit, shape); check(.lineDashPhase, shape); check(.strokeStart, shape); check(.strokeEnd, shape)
        let text = { TextLayer() }
        check(.fontSize, text); check(.foregroundColor, text)
        let curl = { PageCurlLayer() }
        check(.curlDistance, curl); check(.curlRadius, curl)
        let replicator = { ReplicatorLayer() }
        check(.instanceDelay, replicator); check(.instanceTransform, replicator)
        check(.instanceColor, replicator); check(.instanceRedOffset, replicator); check(.instanceGreenOffset, replicator)
        check(.instanceBlueOffset, replicator); check(.instanceAlphaOffset, replicator)
        #expect(Set(checked).count == checked.count)
    }

    @Test func subPathsAreSpeltAsCoreAnimationSpellsThem() {
        func name<Value>(_ keyPath: AnimationKeyPath<Layer, Value>) -> String { keyPath.name }
        #expect(name(.transform.translationX) == "transform.translation.x")
        #expect(name(.transform.rotationY) == "transform.rotation.y")
        #expect(name(.transform.scale) == "transform.scale")
        #expect(name(.bounds.size.width) == "bounds.size.width")
        #expect(name(.position.x) == "position.x")
        #expect(name(.backgroundColor) == "backgroundColor")
        #expect(AnimationKeyPath<Layer, Size>.shadowOffset.height.description == "shadowOffset.height")
    }

    /// A typed animation shows what the same animation spelt with a string shows, frame by frame.
    @Test func aTypedAnimationAnimatesAsItsStringForm() throws {
        let typedLayer = Layer(), stringLayer = Layer()
        for layer in [typedLayer, stringLayer] { layer.position = Point(x: 10, y: 20) }
        var typed = KeyframeAnimation.Typed(keyPath: .position.x, values: [10, 50, 30], keyTimes: [0, 0.25, 1])
        typed.duration = 2
        typed.timingFunction = .easeInEaseOut
        typedLayer.add(typed, forKey: "slide")
        var string = KeyframeAnimation(keyPath: "position.x", values: [10, 50, 30], keyTimes: [0, 0.25, 1])
        string.duration = 2
        string.timingFunction = .easeInEaseOut
        try stringLayer.add(string, forKey: "slide")

        #expect(typedLayer.animationKeys() == ["slide"])
        let stored = try #require(typedLayer.animation(forKey: "slide") as? KeyframeAnimation)
        #expect(stored.keyPath == "position.x" && stored.values == [10, 50, 30] && stored.duration == 2)
        for t in [0.0, 0.3, 0.5, 1.1, 1.9, 2.5] {
            #expect(typedLayer.presentation(at: t).position == stringLayer.presentation(at: t).position)
        }
        // At 0.5 s the eased fraction is past the first keyTime: between 50 and 30.
        let x = typedLayer.presentation(at: 0.5).position.x
        #expect(x > 30 && x < 50)
    }

    /// A subclass's layer takes its own class's typed key paths and its superclass's.
    @Test func aSubclassTakesItsOwnAndItsSuperclassesTypedKeyPaths() {
        let curl = PageCurlLayer()
        curl.add(BasicAnimation.Typed(.curlDistance, from: 0, to: 100), forKey: "curl")
        curl.add(SpringAnimation.Typed(.opacity, from: 0, to: 1), forKey: "fade")
        curl.add(BasicAnimation.Typed(.transform, from: .identity, to: .makeTranslation(0, 40, 0)), forKey: "drop")
        #expect(curl.animationKeys() == ["curl", "fade", "drop"])
        #expect((curl.animation(forKey: "fade") as? SpringAnimation)?.keyPath == "opacity")
        let shape = ShapeLayer()
        shape.add(BasicAnimation.Typed(.strokeEnd, from: 0, to: 1), forKey: "draw")
        #expect((shape.animation(forKey: "draw") as? BasicAnimation)?.toValue == .double(1))
    }

    /// The values are the property's Swift type: a colour animates as a colour.
    @Test func typedValuesBecomeTheirAnimationValues() {
        let a = BasicAnimation.Typed(.backgroundColor, from: .white, to: Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(a.fromValue == .color(.white))
        #expect(a.keyPath == "backgroundColor" && a.animation.keyPath == "backgroundColor")
        var b = BasicAnimation.Typed(.opacity, by: 0.5)
        b.isAdditive = true
        #expect(b.animation.byValue == .double(0.5) && b.animation.isAdditive)
    }
}
