/// Why `Layer.add(_:forKey:)` refused an animation: one of its key paths (a group's
/// included) names no animatable property of the layer's class. Core Animation would
/// take it and never animate anything, which hides the typo.
public struct AnimationError: Error, Equatable, CustomStringConvertible {
    /// The key path that is not animatable.
    public let keyPath: String
    /// The class of the layer the animation was added to.
    public let layerClass: String
    /// The animatable key paths closest to `keyPath` in spelling, sorted; empty when none
    /// is close.
    public let suggestions: [String]
    /// Every animatable key path of `layerClass`, sorted.
    public let validKeyPaths: [String]

    public init(keyPath: String, layer: Layer) {
        self.keyPath = keyPath
        layerClass = String(describing: type(of: layer))
        validKeyPaths = type(of: layer).animatableProperties.keyPaths
        suggestions = AnimationError.closest(to: keyPath, in: validKeyPaths)
    }

    public var description: String {
        let head = "\"\(keyPath)\" is not an animatable key path of \(layerClass)"
        if suggestions.isEmpty {
            return head + "; animatable: " + validKeyPaths.joined(separator: ", ")
        }
        return head + "; did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
    }

    /// The key paths fewest typos away, if that is at most a couple (a quarter of the
    /// length for long ones), ignoring case: a letter wrong, missing, extra, or two swapped.
    public static func closest(to keyPath: String, in candidates: [String]) -> [String] {
        let target = Array(keyPath.lowercased())
        let limit = max(2, target.count / 4)
        var close: [(candidate: String, distance: Int)] = []
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= limit { close.append((candidate, distance)) }
        }
        guard let best = close.map(\.distance).min() else { return [] }
        return close.filter { $0.distance == best }.map(\.candidate).sorted()
    }

    /// Optimal string alignment distance: Levenshtein with adjacent transpositions.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                let deletion = d[i - 1][j] + 1, insertion = d[i][j - 1] + 1
                d[i][j] = min(deletion, insertion, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}

extension AnimationError: DiagnosticConvertible {}
