import Foundation
import Testing
import StrataRender
import StrataTestSupport

/// `strata gpu`, `--device` and `--gpu`, and the renderer-tagged references that
/// `check --record` writes and `check` reads.
@Suite(.tags(.gl)) struct GPUCommandTests {
    static let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces/alert-simple.trace").path

    /// The driver line this machine's software EGL context reports.
    static func driver() throws -> String {
        let info = try EGLOffscreenSurface(environment: [:]).renderer
        return "\(info.renderer), \(info.version)"
    }

    @Test func listsEachBackendWithItsRendererAndWhatAutoChooses() throws {
        let r = try strata(["gpu"], environment: ["STRATA_GL": "auto"])
        #expect(r.status == 0, "\(r.stderr)")
        let driver = try Self.driver()
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "egl:")
        #expect(lines.contains("  surfaceless: \(driver)"))
        #expect(lines.contains("osmesa:"))
        #expect(lines.contains("  context: \(driver)"))
        #expect(lines.contains("draws with: egl (surfaceless): \(driver)"))
        // Every listed device is one --device takes.
        let devices = lines.filter { $0.hasPrefix("  device ") }
        #expect(devices.count == (try EGLOffscreenSurface.devices(environment: [:])).count)
    }

    /// Built with neither backend's -dev package: the binary needs no GL library to load.
    @Test func theBinaryLinksNoGLLibrary() throws {
        let p = childProcess("/usr/bin/ldd")
        p.arguments = [strataBinary]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0 && text.contains("libc.so"), "\(text)")
        for library in ["libEGL", "libOSMesa", "libGL.so", "libGLX", "libOpenGL"] {
            #expect(!text.contains(library), "strata links \(library):\n\(text)")
        }
    }

    @Test func aMissingBackendIsListedWithItsReasonAndAutoFallsThrough() throws {
        let r = try strata(["gpu"], environment: ["STRATA_GL": "auto", "STRATA_OSMESA_LIBRARY": "/nonexistent/libOSMesa.so.8"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("osmesa:\n  context: unavailable: /nonexistent/libOSMesa.so.8: cannot open shared object file: No such file or directory\n"),
                "\(r.stdout)")
        let noEGL = try strata(["gpu"], environment: ["STRATA_GL": "auto", "STRATA_EGL_LIBRARY": "/nonexistent/libEGL.so.1"])
        #expect(noEGL.status == 0)
        #expect(noEGL.stdout.contains("egl:\n  surfaceless: unavailable: /nonexistent/libEGL.so.1: cannot open"), "\(noEGL.stdout)")
        #expect(noEGL.stdout.contains("draws with: osmesa: "))
        let neither = try strata(["gpu"], environment: ["STRATA_GL": "auto", "STRATA_EGL_LIBRARY": "/nonexistent/libEGL.so.1",
                                                        "STRATA_OSMESA_LIBRARY": "/nonexistent/libOSMesa.so.8"])
        #expect(neither.status == 2)
        #expect(neither.stderr.hasPrefix("strata: error: no GL backend works: egl: /nonexistent/libEGL.so.1: "), "\(neither.stderr)")
    }

    @Test func aDeviceAndGPUDrawTheSameSoftwareBytesHere() throws {
        let dir = try temporaryDirectory("gpu-device")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func render(_ extra: [String], _ file: String) throws -> (RunResult, [UInt8]?) {
            let r = try strata(["render", "carousel", "--angle", "30", "--verbose", "--out", file] + extra, in: dir,
                               environment: ["STRATA_GL": "auto"])
            return (r, FileManager.default.contents(atPath: dir + "/" + file).map { [UInt8]($0) })
        }
        let (plain, plainBytes) = try render([], "plain.png")
        let (device, deviceBytes) = try render(["--device", "0"], "device.png")
        #expect(plain.status == 0 && device.status == 0, "\(plain.stderr)\(device.stderr)")
        #expect(device.stderr.hasPrefix("strata: rendering with egl (device 0"), "\(device.stderr)")
        #expect(plainBytes != nil && plainBytes == deviceBytes)
        // No hardware device on a machine without a GPU: --gpu says so and draws in software.
        if try EGLOffscreenSurface.devices(environment: [:]).allSatisfy(\.isSoftware) {
            let (gpu, gpuBytes) = try render(["--gpu"], "gpu.png")
            #expect(gpu.status == 0)
            #expect(gpu.stderr.contains("--gpu: no hardware EGL device among"), "\(gpu.stderr)")
            #expect(gpuBytes == plainBytes)
        }
    }

    @Test func aDeviceThatIsNotThereOrGoesWithOSMesaIsAnError() throws {
        let dir = try temporaryDirectory("gpu-bad-device")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let count = try EGLOffscreenSurface.devices(environment: [:]).count
        let missing = try strata(["render", "carousel", "--device", "15", "--out", "x.png"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr == "strata: error: egl: device: no device 15 (\(count) found)\n")
        let osmesa = try strata(["replay", Self.trace, "--device", "0", "--backend", "osmesa", "--out", "frames"], in: dir)
        #expect(osmesa.status == 2)
        #expect(osmesa.stderr == "strata: error: --device 0 picks an EGL device; it cannot go with --backend osmesa\n")
        let range = try strata(["render", "carousel", "--device", "16"], in: dir)
        #expect(range.status == 2)
        #expect((try FileManager.default.contentsOfDirectory(atPath: dir)).isEmpty)
    }

    @Test func recordedReferencesSayWhereTheyWereDrawnAndCheckWarnsWhenThatDiffers() throws {
        let dir = try temporaryDirectory("gpu-manifest")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let record = try strata(["check", Self.trace, "--references", "refs", "--record"], in: dir)
        #expect(record.status == 0, "\(record.stderr)")
        let path = dir + "/refs/strata-references.json"
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let info = try EGLOffscreenSurface(environment: [:]).renderer
        #expect(manifest?["renderer"] as? String == info.renderer)
        #expect(manifest?["glVersion"] as? String == info.version)
        #expect(manifest?["mesa"] as? String == info.mesaVersion)
        let fonts = manifest?["fonts"] as? [[String: String]] ?? []
        #expect(fonts.contains { $0["file"] == "Inter-Regular.otf" && $0["sha256"]?.count == 64 }, "\(fonts)")

        let same = try strata(["check", Self.trace, "--references", "refs", "--backend", "osmesa"], in: dir)
        #expect(same.status == 0 && same.stderr.isEmpty, "\(same.stderr)")

        // References drawn by another Mesa: one warning, in the report too; the frames still decide.
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "Mesa \(info.mesaVersion ?? "")", with: "Mesa 99.0.0")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let drifted = try strata(["check", Self.trace, "--references", "refs", "--report", "r.html"], in: dir)
        #expect(drifted.status == 0)
        let warning = "references in refs were drawn elsewhere: GL '\(info.version)' here, "
            + "'\(info.version.replacingOccurrences(of: "Mesa \(info.mesaVersion ?? "")", with: "Mesa 99.0.0"))' in the references; frames may drift for that reason"
        #expect(drifted.stderr == "strata: warning: \(warning)\n")
        let report = try String(contentsOfFile: dir + "/r.html", encoding: .utf8)
        #expect(report.contains("<p class=\"warning\">warning: \(warning)</p>"))
    }
}
