import Foundation
import Testing
import StrataRender
import StrataTestSupport

/// `--backend` picks the GL platform on every rendering command and wins over STRATA_GL;
/// `--verbose` says which one drew.
@Suite(.serialized, .tags(.gl)) struct BackendFlagTests {
    @Test func eachBackendGivesTheSameBytesAndTheFlagWinsOverTheEnvironment() throws {
        let dir = try temporaryDirectory("backend-flag")
        var frames: [String: [UInt8]] = [:]
        for backend in ["egl", "osmesa"] {
            // The environment asks for the other one: the flag wins.
            let other = backend == "egl" ? "osmesa" : "egl"
            let r = try strata(["render", "carousel", "--angle", "30", "--backend", backend, "--verbose", "--out", "\(backend).png"],
                               in: dir, environment: ["STRATA_GL": other])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.hasPrefix("strata: rendering with \(backend)"), "\(r.stderr)")
            frames[backend] = try PNG.read(path: dir + "/\(backend).png").pixels
        }
        #expect(frames["egl"] == frames["osmesa"])
    }

    @Test func aBackendThatCannotStartIsOneLineAndWritesNothing() throws {
        let dir = try temporaryDirectory("backend-missing")
        let r = try strata(["replay", Self.trace, "--backend", "osmesa", "--out", "frames"], in: dir,
                           environment: ["STRATA_OSMESA_LIBRARY": "/nonexistent/libOSMesa.so.8"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("strata: error: osmesa: /nonexistent/libOSMesa.so.8: cannot open shared object file"), "\(r.stderr)")
        let bad = try strata(["check", Self.trace, "--references", dir, "--backend", "vulkan"], in: dir)
        #expect(bad.stderr == "strata: error: --backend expects one of auto, egl, osmesa, got 'vulkan'\n")
    }

    /// Issue 28 §7: an EGL_DEVICE_ID that names no device is an error under STRATA_GL=auto,
    /// never a silent fall back to OSMesa; a good one draws.
    @Test(arguments: [("abc", "egl: EGL_DEVICE_ID=abc is not a device index"), ("-1", "egl: EGL_DEVICE_ID=-1 is not a device index"),
                      ("", "egl: EGL_DEVICE_ID is set but empty"), ("99", "egl: device: no device 99"), ("0", nil)] as [(String, String?)])
    func aBadDeviceVariableIsAnError(_ value: String, _ says: String?) throws {
        let dir = try temporaryDirectory("backend-device")
        let r = try strata(["render", "carousel", "--size", "40x30", "--out", "x.png"], in: dir,
                           environment: ["STRATA_GL": "auto", "EGL_DEVICE_ID": value])
        if let says {
            #expect(r.status == 2 && r.stderr.hasPrefix("strata: error: \(says)"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        } else {
            #expect(r.status == 0, "\(r.stderr)")
        }
    }

    static let trace = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces/carousel-drag.trace").path
}
