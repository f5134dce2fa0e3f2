import Foundation
import StrataCompare
import StrataImage
import Testing

/// The files check keeps beside references and results, broken by hand: each error names
/// the file, the line and column, and the key path of the value at fault.
@Suite struct JSONFileErrorTests {
    static func folder(_ name: String, file: String, text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("json-errors-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + file))
        return dir
    }

    @Test func results() throws {
        let text = """
            {
              "version": 1,
              "traces": [
                {"name": "a", "frameCount": "3", "added": 0, "updated": 0, "unchanged": 0, "frames": []}
              ]
            }
            """
        let dir = try Self.folder("results", file: CheckResultsFile.fileName, text: text)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: RenderError.io("\(dir)/results.json:4:33: not a results file of strata check --results-dir: "
                                        + "traces[0].frameCount: expected a whole number from \(Int.min) to \(Int.max), found \"3\"")) {
            try CheckResultsFile.read(dir)
        }
    }

    @Test func tracks() throws {
        let text = #"{"strataTracks": 1, "fps": 60, "tolerance": 0.5,"# + "\n" + #" "tracks": {"knob.position.x": [40, 40.8, "x"]}}"#
        let dir = try Self.folder("tracks", file: MotionTracks.fileName, text: text)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: RenderError.io("\(dir)/tracks.json:2:43: not a Strata tracks file: tracks.knob.position.x[2]: expected a number, found \"x\"")) {
            try MotionTracks.read(directory: dir)
        }
    }

    @Test func layerTrees() throws {
        let text = "{\"strataLayers\": 1, \"scale\": 2, \"frames\": [\n{\"frame\": \"frame-00000\", \"changes\": [{\"set\": {}}]}\n]}\n"
        let dir = try Self.folder("layers", file: "layers.json", text: text)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: RenderError.io("\(dir)/layers.json:2:38: not a Strata layer-tree file: frames[0].changes[0]: missing \"layer\"")) {
            try ReferenceTrees.read(dir + "/layers.json")
        }
    }
}
