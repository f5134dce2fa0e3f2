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

/// The entry docs/strata-scene.schema.json gives a declared property's key, from its kind
/// (`SceneSchemaTests` compares every one with the file, leaving out the words for
/// people: `description` and `default`).
enum SceneSchemaEntry {
    static func json(for kind: PropertyValueKind) -> String {
        func list(_ item: String, _ count: Int) -> String {
            ##"{"type": "array", "items": {"$ref": "#/$defs/\##(item)"}, "minItems": \##(count), "maxItems": \##(count)}"##
        }
        let most = SceneFileLimits.standard.keyframeCount
        switch kind {
        case .number: return ##"{"$ref": "#/$defs/number"}"##
        case .integer: return ##"{"type": "integer", "minimum": 0, "maximum": 10000}"##
        case .flag: return ##"{"type": "boolean"}"##
        case .text, .name, .font: return ##"{"type": "string"}"##
        case .point, .size: return list("number", 2)
        case .rect: return list("number", 4)
        case .transform: return ##"{"$ref": "#/$defs/transform"}"##
        case .color: return ##"{"$ref": "#/$defs/color"}"##
        case .optionalColor: return ##"{"anyOf": [{"$ref": "#/$defs/color"}, {"type": "null"}]}"##
        case .colors: return ##"{"type": "array", "items": {"$ref": "#/$defs/color"}, "maxItems": \##(most)}"##
        case .numbers: return ##"{"type": "array", "items": {"$ref": "#/$defs/number"}, "maxItems": \##(most)}"##
        case .choice(let names, _): return ##"{"enum": [\##(names.map { "\"\($0)\"" }.joined(separator: ", "))]}"##
        case .image: return ##"{"type": "string", "description": "a PNG or JPEG path relative to the scene file"}"##
        case .choiceSet(let names, _):
            return ##"{"type": "array", "items": {"enum": [\##(names.map { "\"\($0)\"" }.joined(separator: ", "))]}, "uniqueItems": true}"##
        case .path: return ##"{"$ref": "#/$defs/pathData"}"##
        case .other: return "{}"
        }
    }
}
