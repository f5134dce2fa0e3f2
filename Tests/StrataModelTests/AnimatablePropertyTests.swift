import Testing
@testable import StrataModel

/// Each layer class declares its animatable key paths once (`animatableProperties`);
/// `add(_:forKey:)` refuses an animation of any other.
@Suite struct AnimatablePropertyTests {
    static let classes: [Layer.Type] = [Layer.self, GradientLayer.self, TextLayer.self, PageCurlLayer.self,
                                        TransformLayer.self]

    @Test func aMisspeltKeyPathThrowsNamingItAndTheClosestOnes() {
        let layer = Layer()
        #expect {
            try layer.add(BasicAnimation(keyPath: "positon", toValue: .point(Point(x: 1, y: 2))), forKey: "move")
        } throws: { error in
            guard let error = error as? AnimationError else { return false }
            return error.keyPath == "positon" && error.layerClass == "Layer" && error.suggestions.first == "position"
                && error.description == "\"positon\" is not an animatable key path of Layer; did you mean \"position\"?"
        }
        #expect(layer.animationKeys().isEmpty)
    }

    @Test func withNothingCloseTheMessageListsEveryKeyPath() throws {
        let error = try #require(throws: AnimationError.self) {
            try TextLayer().add(BasicAnimation(keyPath: "wobble", toValue: 1))
        }
        #expect(error.suggestions.isEmpty)
        #expect(error.description.hasPrefix("\"wobble\" is not an animatable key path of TextLayer; animatable: "))
        for keyPath in ["anchorPoint", "fontSize", "foregroundColor", "transform.rotation.y"] {
            #expect(error.description.contains(keyPath))
        }
        #expect(!error.description.contains("colors"))
    }

    @Test func aGroupWithABadSubKeyPathThrows() throws {
        let layer = Layer()
        let group = AnimationGroup(animations: [
            BasicAnimation(keyPath: "opacity", toValue: 0),
            AnimationGroup(animations: [KeyframeAnimation(keyPath: "transform.rotaton.y", values: [0, 1])]),
        ])
        let error = try #require(throws: AnimationError.self) { try layer.add(group, forKey: "group") }
        #expect(error.keyPath == "transform.rotaton.y" && error.suggestions.first == "transform.rotation.y")
        #expect(layer.animationKeys().isEmpty)

        try layer.add(AnimationGroup(animations: [BasicAnimation(keyPath: "opacity", toValue: 0),
                                                  SpringAnimation(keyPath: "transform.rotation.y")]), forKey: "group")
        #expect(layer.animationKeys() == ["group"])
    }

    @Test func keyPathsBelongToTheirClass() throws {
        let colors = BasicAnimation(keyPath: "colors", toValue: .colors([.red, .blue]))
        #expect(throws: AnimationError.self) { try Layer().add(colors) }
        #expect(throws: AnimationError.self) { try TextLayer().add(colors) }
        try GradientLayer().add(colors)
        try TextLayer().add(BasicAnimation(keyPath: "fontSize", toValue: 20))
        try PageCurlLayer().add(BasicAnimation(keyPath: "curlDistance", toValue: 20))
        // Inherited ones too.
        try GradientLayer().add(BasicAnimation(keyPath: "sublayerTransform.scale", toValue: 2))
    }

    /// A different value of the same kind, that every key path can hold.
    private func changed(_ value: AnimationValue) -> AnimationValue {
        switch value {
        case .transform:
            return .transform(Transform3D.makeRotation(0.3, 0, 0, 1).translated(5, 6, 7))
        case .color, .colors:
            // Premultiplied components: half-transparent white.
            return value.with(components: value.components.map { _ in 0.5 })
        default:
            return value.with(components: value.components.map { $0 + 0.25 })
        }
    }

    private func near(_ a: AnimationValue?, _ b: AnimationValue) -> Bool {
        guard let a, a.shape == b.shape else { return false }
        return zip(a.components, b.components).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    private func makeLayer(_ type: Layer.Type) -> Layer {
        let layer = type.init(layer: Layer())
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        (layer as? GradientLayer)?.colors = [.red, .blue]
        return layer
    }

    /// Key paths of flags, which animate discretely.
    private let flags: Set = ["hidden"]

    /// The property a key path belongs to: "transform" for "transform.rotation.y".
    private func root(_ keyPath: String) -> String { String(keyPath.prefix { $0 != "." }) }

    @Test(arguments: classes)
    func everyKeyPathRoundTrips(_ type: Layer.Type) throws {
        let keyPaths = type.animatableProperties.keyPaths
        #expect(keyPaths.count >= 52)
        for keyPath in keyPaths {
            let layer = makeLayer(type)
            let before = try #require(layer.animatableValue(forKeyPath: keyPath), "\(type) \(keyPath)")
            #expect(layer.setAnimatableValue(before, forKeyPath: keyPath))
            #expect(near(layer.animatableValue(forKeyPath: keyPath), before), "\(type) \(keyPath)")

            let others = keyPaths.filter { root($0) != root(keyPath) }
            let othersBefore = others.map { layer.animatableValue(forKeyPath: $0) }
            // A flag (`hidden`) holds 0 or 1: its change is the other one.
            let after = flags.contains(keyPath) ? .double(1 - (before.doubleValue ?? 0)) : changed(before)
            #expect(layer.setAnimatableValue(after, forKeyPath: keyPath))
            #expect(near(layer.animatableValue(forKeyPath: keyPath), after),
                    "\(type) \(keyPath): set \(after), read \(String(describing: layer.animatableValue(forKeyPath: keyPath)))")
            // It wrote its own property and no other.
            #expect(others.map { layer.animatableValue(forKeyPath: $0) } == othersBefore, "\(type) \(keyPath)")
            // A value of the wrong kind is refused.
            #expect(!layer.setAnimatableValue(.rect(.zero), forKeyPath: keyPath) || ["bounds", "contentsRect", "contentsCenter"].contains(keyPath))
        }
    }

    /// Setting a key path through the table changes the property whose implicit action
    /// has the key path's root name: the table and the properties agree on names.
    @Test(arguments: classes)
    func keyPathsWriteThePropertiesOfTheirName(_ type: Layer.Type) throws {
        // shadowPath: Core Animation animates no CGPath property implicitly.
        let withoutImplicitActions: Set = ["foregroundColor", "fontSize", "hidden", "contents", "shadowPath"]
        for keyPath in type.animatableProperties.keyPaths {
            let clock = SceneClock()
            let layer = makeLayer(type)
            clock.attach(layer)
            let value = try #require(layer.animatableValue(forKeyPath: keyPath))
            layer.setAnimatableValue(changed(value), forKeyPath: keyPath)
            let expected = withoutImplicitActions.contains(keyPath) ? [] : [root(keyPath)]
            #expect(layer.animationKeys() == expected, "\(type) \(keyPath)")
        }
    }
}
