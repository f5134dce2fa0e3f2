import Foundation
import Testing
import StrataTestSupport

/// The backend choice as a user meets it: `strata render` with the environment set, its
/// PNG bytes and its error line. The command reads STRATA_GL and the library paths from the
/// environment it is given, so it runs in this process; Mesa reads LP_NUM_THREADS from the
/// process's own, so that one runs the built binary.
@Suite(.tags(.gl)) struct GLBackendProcessTests {
    func render(_ name: String, environment: [String: String], process: Bool = false) throws -> (RunResult, [UInt8]?) {
        let dir = try temporaryDirectory("backend-\(name)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/carousel.png"
        let args = ["render", "carousel", "--angle", "30", "--out", out]
        let result = try process ? strataProcess(args, environment: environment) : strata(args, environment: environment)
        return (result, FileManager.default.contents(atPath: out).map { [UInt8]($0) })
    }

    @Test func withEitherLibraryMissingAutoWritesTheSameBytes() throws {
        let (viaEGL, eglBytes) = try render("no-osmesa", environment: ["STRATA_GL": "auto", "STRATA_OSMESA_LIBRARY": "/nonexistent"])
        let (viaOSMesa, osmesaBytes) = try render("no-egl", environment: ["STRATA_GL": "auto", "STRATA_EGL_LIBRARY": "/nonexistent"])
        #expect(viaEGL.status == 0, "\(viaEGL.stderr)")
        #expect(viaOSMesa.status == 0, "\(viaOSMesa.stderr)")
        #expect(eglBytes != nil && eglBytes == osmesaBytes)
    }

    @Test func aMissingLibraryIsOneLineNamingBackendAndReason() throws {
        let (result, bytes) = try render("missing", environment: ["STRATA_GL": "osmesa", "STRATA_OSMESA_LIBRARY": "/nonexistent"])
        #expect(result.status != 0)
        #expect(bytes == nil)
        #expect(result.stderr == "strata: error: osmesa: /nonexistent: cannot open shared object file: No such file or directory\n",
                "\(result.stderr)")
    }

    /// llvmpipe splits the frame into tiles across LP_NUM_THREADS threads; each pixel is
    /// still computed by exactly one thread in the same order, so the count must not show.
    @Test(arguments: ["egl", "osmesa"])
    func threadCountDoesNotChangeTheBytes(backend: String) throws {
        let (one, oneBytes) = try render("\(backend)-1", environment: ["STRATA_GL": backend, "LP_NUM_THREADS": "1"], process: true)
        let (eight, eightBytes) = try render("\(backend)-8", environment: ["STRATA_GL": backend, "LP_NUM_THREADS": "8"], process: true)
        #expect(one.status == 0 && eight.status == 0, "\(one.stderr)\(eight.stderr)")
        #expect(oneBytes != nil && oneBytes == eightBytes)
    }
}
