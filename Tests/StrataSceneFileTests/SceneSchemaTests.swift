import Foundation
import Testing
@testable import StrataSceneFile
import StrataModel

/// docs/strata-scene.schema.json says what the reader takes: the same keys at every
/// level, and every key the shipped scenes use.
@Suite struct SceneSchemaTests {
    let schema: [String: Any]

    init() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/docs/strata-scene.schema.json"))
        schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func properties(_ path: [String]) -> Set<String> {
        var node: Any? = schema
        for key in path { node = (node as? [String: Any])?[key] }
        return Set(((node as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    @Test func theSchemaHasTheReadersKeys() {
        #expect(properties([]) == Set(SceneFileParser.topKeys))
        #expect(properties(["$defs", "layer"]) == Set(LayerClass.allCases.flatMap(LayerProperty.keys(for:))))
        #expect(properties(["$defs", "animation"]) == Set(Field.animationClasses.flatMap(Field.animationKeys)))
        #expect(properties(["$defs", "option"]) == ["type", "default", "range", "help", "bind"])
        let colors = (((schema["$defs"] as? [String: Any])?["color"] as? [String: Any])?["anyOf"] as? [[String: Any]])?
            .compactMap { $0["enum"] as? [String] }.first
        #expect(colors == SceneColors.names)
    }

    /// Each declared property's entry is the one its kind gives (`SceneSchemaEntry`).
    @Test func eachDeclaredKeysEntryComesFromItsKind() throws {
        let layer = try #require(((schema["$defs"] as? [String: Any])?["layer"] as? [String: Any])?["properties"] as? [String: Any])
        var checked = 0
        for cls in LayerClass.allCases {
            for p in cls.declaration.own where p.isSceneKey {
                let expected = SceneSchemaEntry.json(for: p.kind)
                func rules(_ any: Any?) -> NSDictionary? {
                    guard var d = any as? [String: Any] else { return nil }
                    d["description"] = nil
                    d["default"] = nil
                    return d as NSDictionary
                }
                let entry = rules(try JSONSerialization.jsonObject(with: Data(expected.utf8)))
                #expect(entry != nil && rules(layer[p.name]) == entry,
                        "docs/strata-scene.schema.json: \(p.name) should be \(expected)")
                checked += 1
            }
        }
        #expect(checked == 67, "58 keys, and CAReplicatorLayer's nine")
    }

    /// Every object key of the shipped scenes (names the author chose aside: options,
    /// animations by key) is a key the schema knows.
    @Test(arguments: ["carousel", "shake"])
    func theShippedScenesUseOnlySchemaKeys(_ name: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Scenes/\(name).scene.json"))
        var known = Set<String>()
        func collect(_ any: Any) {
            if let d = any as? [String: Any] {
                if let p = d["properties"] as? [String: Any] { known.formUnion(p.keys) }
                d.values.forEach(collect)
            } else if let a = any as? [Any] { a.forEach(collect) }
        }
        collect(schema)
        var used = Set<String>()
        func walk(_ any: Any, named: Bool) {
            if let d = any as? [String: Any] {
                for (k, v) in d {
                    if !named { used.insert(k) }
                    walk(v, named: !named && (k == "options" || k == "animations") && v is [String: Any])
                }
            } else if let a = any as? [Any] { a.forEach { walk($0, named: false) } }
        }
        walk(try JSONSerialization.jsonObject(with: data), named: false)
        #expect(used.subtracting(known).isEmpty, "keys missing from the schema: \(used.subtracting(known).sorted())")
        #expect(used.count > 20)
    }
}
