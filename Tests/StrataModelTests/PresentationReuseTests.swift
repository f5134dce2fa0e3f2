import Testing
@testable import StrataModel

/// `presentation(at:)` rewrites the copy it gave last when nothing else holds it: what it
/// returns must equal a fresh copy in every value, and a copy anyone still holds, or any
/// layer of it, must be left as it was.
@Suite struct PresentationReuseTests {
    /// A small tree with animations of each kind the records cover: typed basic and
    /// keyframe, the general path (a color), a subclass and its own animatable property.
    private static func tree() throws -> Layer {
        let root = Layer()
        root.name = "root"
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let slide = Layer()
        slide.name = "slide"
        slide.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        var move = BasicAnimation(keyPath: "position", toValue: .point(Point(x: 150, y: 40)))
        move.duration = 1
        move.autoreverses = true
        move.repeatCount = .infinity
        try slide.add(move, forKey: "move")
        let shake = Layer()
        shake.name = "shake"
        var x = KeyframeAnimation(keyPath: "transform.translation.x", values: [0, 15, -12, 0].map { .double($0) })
        x.duration = 0.5
        x.timingFunction = .easeInEaseOut
        x.repeatCount = .infinity
        try shake.add(x, forKey: "x")
        var tint = BasicAnimation(keyPath: "backgroundColor", fromValue: .color(.red), toValue: .color(.blue))
        tint.duration = 2
        try shake.add(tint, forKey: "tint")
        let gradient = GradientLayer()
        gradient.name = "gradient"
        gradient.colors = [.red, .green]
        var colors = BasicAnimation(keyPath: "colors", toValue: .colors([.blue, .orange]))
        colors.duration = 1.5
        try gradient.add(colors, forKey: "colors")
        root.addSublayer(slide)
        root.addSublayer(shake)
        shake.addSublayer(gradient)
        return root
    }

    /// Every layer of a tree, depth first.
    private func layers(_ root: Layer) -> [Layer] { [root] + root.sublayers.flatMap(layers) }

    /// Every animatable value of every layer, with the names, classes and tree shape.
    private func snapshot(_ root: Layer) -> [String] {
        layers(root).map { layer in
            let values = type(of: layer).animatableProperties.keyPaths.map { "\($0)=\(String(describing: layer.animatableValue(forKeyPath: $0)))" }
            return "\(type(of: layer)) \(layer.name ?? "-") sublayers \(layer.sublayers.count) isPresentation \(layer.isPresentation) "
                + values.joined(separator: " ")
        }
    }

    @Test func aDroppedCopyIsRewrittenWithTheValuesOfAFreshOne() throws {
        let reused = try Self.tree(), fresh = try Self.tree()
        var held: [Layer] = []  // keeps each of `fresh`'s copies, so each is made anew
        var identities: [ObjectIdentifier]?
        for step in 0..<40 {
            let t = Double(step) * 0.077
            let seen = reused.presentation(at: t)
            let expected = fresh.presentation(at: t)
            held.append(expected)
            #expect(snapshot(seen) == snapshot(expected), "at \(t)")
            let ids = layers(seen).map(ObjectIdentifier.init)
            if let identities { #expect(ids == identities, "the copies were not rewritten in place") }
            identities = ids
            #expect(seen.model() === reused && seen.sublayers[1].sublayers[0].model() === reused.sublayers[1].sublayers[0])
            #expect(seen.sublayers[1].sublayers[0].superlayer === seen.sublayers[1])
        }
        #expect(Set(held.map(ObjectIdentifier.init)).count == held.count)
    }

    @Test func aCopyStillHeldIsLeftAsItWas() throws {
        let model = try Self.tree()
        let first = model.presentation(at: 0.2)
        let before = snapshot(first)
        let second = model.presentation(at: 0.6)
        #expect(first !== second && snapshot(first) == before)
        #expect(first.sublayers[0].position != second.sublayers[0].position)
        // No longer kept by the model, the first copy holds it as any copy does.
        #expect(first.model() === model && second.model() === model)
    }

    @Test func aSublayerCopyStillHeldIsReplacedAndLetGo() throws {
        let model = try Self.tree()
        var frame: Layer? = model.presentation(at: 0.2)
        let held = frame!.sublayers[1]
        let heldValues = snapshot(held)
        let others = [frame!, frame!.sublayers[0]].map(ObjectIdentifier.init)
        frame = nil
        let next = model.presentation(at: 0.9)
        #expect([next, next.sublayers[0]].map(ObjectIdentifier.init) == others)
        #expect(next.sublayers[1] !== held && held.superlayer == nil)
        #expect(snapshot(held) == heldValues)
        let fresh = try Self.tree()
        #expect(snapshot(next) == snapshot(fresh.presentation(at: 0.9)))
    }

    @Test func changesToTheModelShowInTheRewrittenCopy() throws {
        let model = try Self.tree()
        _ = model.presentation(at: 0.1)
        let added = Layer()
        added.name = "added"
        model.insertSublayer(added, at: 0)
        model.sublayers[2].opacity = 0.25
        #expect(layers(model.presentation(at: 0.3)).map(\.name) == layers(model).map(\.name))
        #expect(model.presentation(at: 0.3).sublayers.map(\.name) == ["added", "slide", "shake"])
        #expect(model.presentation(at: 0.3).sublayers[2].opacity == 0.25)
        model.sublayers[1].removeFromSuperlayer()
        model.sublayers[1].backgroundColor = .green
        let seen = model.presentation(at: 3)  // the tint animation is over
        #expect(seen.sublayers.map(\.name) == ["added", "shake"])
        #expect(seen.sublayers[1].backgroundColor == .green)
    }

    @Test func writesToADroppedCopyDoNotLast() throws {
        let model = try Self.tree()
        do {
            let copy = model.presentation(at: 0.4)
            copy.opacity = 0.1
            copy.name = "renamed"
            copy.sublayers[0].cornerRadius = 9
            copy.sublayers[1].addSublayer(Layer())
            try copy.add(BasicAnimation(keyPath: "opacity", toValue: .double(0)), forKey: "fade")
        }
        let fresh = try Self.tree()
        let seen = model.presentation(at: 0.4)
        #expect(snapshot(seen) == snapshot(fresh.presentation(at: 0.4)))
        #expect(seen.animationKeys().isEmpty)
    }

    @Test func theKeptCopyKeepsNoModelAlive() throws {
        weak var gone: Layer?
        var outlived: Layer?
        do {
            let model = try Self.tree()
            gone = model
            _ = model.presentation(at: 0.1)
            outlived = model.presentation(at: 0.2)
            #expect(outlived?.model() === model)
        }
        #expect(gone == nil)
        // Its model gone, the copy a model kept answers for itself, as a model does.
        #expect(outlived?.model() === outlived)
        #expect(outlived?.sublayers[0].model().name == "slide")
    }
}
