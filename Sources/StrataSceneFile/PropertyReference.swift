import StrataModel

/// docs/PROPERTIES.md, generated from the layer classes' declarations
/// (`LayerClassDeclaration`) and the scene-file keys read from them: `PropertyReferenceTests`
/// fails when the page is stale, and `make docs-properties` writes it again.
public enum PropertyReference {
    public static var markdown: String {
        var lines = [
            "# Layer properties",
            "",
            "<!-- Generated from the declarations in Sources/StrataModel (LayerClassDeclaration): `make docs-properties`. Do not edit. -->",
            "",
            "Every property of every layer class, as the class declares it once. **key** is Core Animation's",
            "name (animations, scene files and `strata dump` use it); **animates** lists the key paths an",
            "animation may name (sub-paths after the property's own); **action**: setting it makes an implicit",
            "animation; **copy**: how a presentation copy gets it; **scene**: a scene file's layer object takes it.",
            "docs/ARCHITECTURE.md says how to add one.",
        ]
        for d in LayerClassDeclaration.all {
            lines += ["", "## \(d.className)", ""]
            if let s = d.superclass { lines += ["Everything of \(s.className), and:", ""] }
            guard !d.own.isEmpty else { lines.append("No properties of its own."); continue }
            lines += ["| key | Swift | type | default | animates | action | copy | scene | what |",
                      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
            let sceneKeys = LayerProperty.keys(forClassNamed: d.className)
            for p in d.own {
                let cells = [
                    "`\(p.name)`", p.swiftName == p.name ? "" : "`\(p.swiftName)`", "`\(typeName(p.valueType))`",
                    d.defaults[p.name].map { "`\($0.text)`" } ?? "", animates(p), p.hasImplicitAction ? "yes" : "",
                    p.copy.rawValue, sceneKeys.contains(p.name) ? "yes" : "", p.summary,
                ]
                lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Optional<Array<Double>>` as Swift writes it: `[Double]?`.
    static func typeName(_ raw: String) -> String {
        if raw.hasPrefix("Optional<"), raw.hasSuffix(">") { return typeName(String(raw.dropFirst(9).dropLast())) + "?" }
        if raw.hasPrefix("Array<"), raw.hasSuffix(">") { return "[" + typeName(String(raw.dropFirst(6).dropLast())) + "]" }
        return raw
    }

    private static func animates(_ p: PropertyDeclaration) -> String {
        let paths = p.animatableKeyPaths
        guard let own = paths.first else { return "" }
        let parts = paths.dropFirst().map { "`" + $0.dropFirst(own.count) + "`" }
        return "`\(own)`" + (parts.isEmpty ? "" : " " + parts.joined(separator: " "))
    }
}
