import StrataModel

extension CALayer {
    /// Adds a copy of `anim` (as iOS does). An animation of a key path this layer's
    /// class does not animate, or with a value Strata cannot animate, is not added
    /// (iOS would add it and show nothing); the reason is printed to standard error.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copyAnimation()
        do {
            guard let animation = try copy.makeStrataAnimation() else { return }
            try strataLayer.add(animation, forKey: key)
            if let key { animationObjects[key] = copy }
        } catch {
            FileHandle.standardError.write(Data("StrataQuartzCore: \(error)\n".utf8))
        }
    }

    /// The copy added under `key`, while the layer still runs it.
    public func animation(forKey key: String) -> CAAnimation? {
        guard strataLayer.animation(forKey: key) != nil else { animationObjects[key] = nil; return nil }
        return animationObjects[key]
    }

    public func animationKeys() -> [String]? {
        let keys = strataLayer.animationKeys()
        return keys.isEmpty ? nil : keys
    }

    public func removeAnimation(forKey key: String) {
        animationObjects[key] = nil
        strataLayer.removeAnimation(forKey: key)
    }

    public func removeAllAnimations() {
        animationObjects = [:]
        strataLayer.removeAllAnimations()
    }
}
