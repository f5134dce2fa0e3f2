import Foundation
import Testing

/// The engine does not depend on its demos: the package graph SwiftPM itself reads from
/// Package.swift (`swift package dump-package`) gives no path from the engine's libraries
/// to the seeds' scenes or the UIKit roles, so `import StrataTesting` builds neither.
@Suite struct EngineIndependenceTests {
    static let engine = ["StrataReplay", "StrataWindow", "StrataTesting", "StrataCommandLine", "StrataDriver", "StrataCheck"]
    static let demos: Set<String> = ["StrataScenes", "StrataUI"]

    /// Each target's direct dependencies within the package, by target name.
    static func packageGraph() throws -> [String: [String]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        // A scratch path of its own per call: the `swift test` running this holds .build's lock.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let dumped = scratch.appendingPathComponent("package.json")
        #expect(FileManager.default.createFile(atPath: dumped.path, contents: nil))
        let swift = Process()
        swift.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Not the process's current directory, which an in-process run elsewhere in the
        // bundle may hold in a temporary folder about to be removed.
        swift.currentDirectoryURL = root
        swift.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        swift.standardOutput = try FileHandle(forWritingTo: dumped)
        try swift.run()
        swift.waitUntilExit()
        #expect(swift.terminationStatus == 0, "swift package dump-package failed")
        let data = try Data(contentsOf: dumped)

        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        var graph: [String: [String]] = [:]
        for t in targets {
            let name = try #require(t["name"] as? String)
            // Each dependency is {"byName": [name, condition]}, {"target": [...]} or {"product": [...]}.
            let deps = (t["dependencies"] as? [[String: Any]] ?? []).compactMap { dep -> String? in
                guard dep["product"] == nil, let value = (dep["byName"] ?? dep["target"]) as? [Any] else { return nil }
                return value.first as? String
            }
            graph[name] = deps
        }
        return graph
    }

    /// Every target `name` depends on, directly or not.
    static func closure(of name: String, in graph: [String: [String]]) -> Set<String> {
        var seen = Set<String>(), stack = graph[name] ?? []
        while let next = stack.popLast() {
            if seen.insert(next).inserted { stack += graph[next] ?? [] }
        }
        return seen
    }

    @Test func theEngineLibrariesReachNoDemoTarget() throws {
        let graph = try Self.packageGraph()
        for target in Self.engine {
            #expect(graph[target] != nil, "\(target) is not a target of Package.swift")
            let reached = Self.closure(of: target, in: graph).intersection(Self.demos)
            #expect(reached.isEmpty, "\(target) depends on \(reached.sorted().joined(separator: ", "))")
        }
    }

    /// The graph is read truly: the `strata` executable does reach the scenes (it passes
    /// their catalogue in), through StrataScenes to StrataUI.
    @Test func theExecutableBringsTheScenes() throws {
        let graph = try Self.packageGraph()
        #expect(Self.closure(of: "StrataCLI", in: graph).isSuperset(of: Self.demos))
    }
}
