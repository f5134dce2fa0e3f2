import Foundation
import Testing
import StrataModel
import StrataRender
import StrataScenes
import StrataTestSupport

/// The two offscreen backends, the `auto` choice between them and their failure lines.
/// Environments are injected as dictionaries: setenv would leak into tests running
/// beside these on other threads.
@Suite(.tags(.gl)) struct GLBackendTests {
    static let missing = "/nonexistent"
    static let missingReason = "/nonexistent: cannot open shared object file: No such file or directory"

    func carouselFrame(on surface: any OffscreenSurface, angle: Double, scale: Double) throws -> Image {
        let scene = CarouselScene(planeCount: 5, angle: angle)
        return try Renderer(surface: surface).render(layer: scene.rootLayer, pixelWidth: Int(480 * scale),
                                                     pixelHeight: Int(320 * scale), scale: scale)
    }

    @Test(arguments: [(0.0, 1.0), (30.0, 1.0), (144.0, 2.0)])
    func eglAndOSMesaGiveIdenticalBytes(angle: Double, scale: Double) throws {
        let egl = try carouselFrame(on: try EGLOffscreenSurface(environment: [:]), angle: angle, scale: scale)
        let osmesa = try carouselFrame(on: try OSMesaSurface(environment: [:]), angle: angle, scale: scale)
        #expect(egl.width == osmesa.width && egl.height == osmesa.height)
        let differing = differingBytes(egl.pixels, osmesa.pixels)
        #expect(differing == 0, "\(differing) of \(egl.pixels.count) bytes differ at \(angle)° x\(scale)")
    }

    @Test func eglDevicePlatformRendersTheSameBytesAsSurfaceless() throws {
        let device = try EGLOffscreenSurface(libraryPath: "libEGL.so.1", platforms: [.device])
        #expect(device.platform == .device)
        #expect(device.description.hasPrefix("egl (device 0"), "\(device.description)")
        let surfaceless = try EGLOffscreenSurface(libraryPath: "libEGL.so.1", platforms: [.surfaceless])
        #expect(surfaceless.description.hasPrefix("egl (surfaceless): "), "\(surfaceless.description)")
        #expect(try carouselFrame(on: device, angle: 30, scale: 1).pixels
                == carouselFrame(on: surfaceless, angle: 30, scale: 1).pixels)
    }

    @Test func aDeviceIndexPastTheLastDeviceIsAReason() throws {
        do {
            _ = try EGLOffscreenSurface(libraryPath: "libEGL.so.1", device: 99, platforms: [.device])
            Issue.record("there is no 100th device")
        } catch let e as GLBackendError {
            #expect("\(e)".hasPrefix("egl: device: no device 99 ("), "\(e)")
        }
        #expect(throws: GLBackendError.unavailable(.egl, reason: "EGL_DEVICE_ID=first is not a device index")) {
            try EGLOffscreenSurface(environment: ["EGL_DEVICE_ID": "first"])
        }
    }

    @Test func descriptionNamesBackendPlatformAndDriver() throws {
        let surface = try EGLOffscreenSurface(environment: [:])
        let driver = try Renderer(surface: surface).rendererDescription
        #expect(surface.description == "egl (surfaceless): \(driver)")
        let osmesa = try OSMesaSurface(environment: [:])
        #expect(osmesa.description == "osmesa: \(try Renderer(surface: osmesa).rendererDescription)")
    }

    @Test func autoTriesEGLFirst() throws {
        let choice = try chooseOffscreenSurface(backend: .auto, environment: [:])
        #expect(choice.surface.backend == .egl)
        #expect(choice.skipped.isEmpty)
    }

    @Test func autoUsesEGLWhenOSMesaIsMissing() throws {
        let choice = try chooseOffscreenSurface(environment: ["STRATA_OSMESA_LIBRARY": Self.missing])
        #expect(choice.surface.backend == .egl)
        #expect(try OSMesaSurface(environment: [:]).backend == .osmesa, "OSMesa itself is there")
    }

    @Test func autoFallsBackToOSMesaWhenEGLIsMissing() throws {
        let choice = try chooseOffscreenSurface(environment: ["STRATA_EGL_LIBRARY": Self.missing])
        #expect(choice.surface.backend == .osmesa)
        #expect(choice.skipped == [.unavailable(.egl, reason: Self.missingReason)])
        #expect(choice.description.hasSuffix("(skipped egl: \(Self.missingReason))"), "\(choice.description)")
    }

    @Test func withBothMissingAutoReportsBothReasonsOnOneLine() throws {
        let environment = ["STRATA_EGL_LIBRARY": Self.missing, "STRATA_OSMESA_LIBRARY": Self.missing]
        do {
            _ = try makeOffscreenSurface(environment: environment)
            Issue.record("expected no backend")
        } catch let e as GLBackendError {
            #expect("\(e)" == "no GL backend works: egl: \(Self.missingReason); osmesa: \(Self.missingReason)")
            #expect(!"\(e)".contains("\n"))
        }
    }

    @Test func anExplicitBackendDoesNotFallBack() throws {
        #expect(throws: GLBackendError.unavailable(.osmesa, reason: Self.missingReason)) {
            try makeOffscreenSurface(environment: ["STRATA_GL": "osmesa", "STRATA_OSMESA_LIBRARY": Self.missing])
        }
        #expect(throws: GLBackendError.unavailable(.egl, reason: Self.missingReason)) {
            try makeOffscreenSurface(backend: .egl, environment: ["STRATA_EGL_LIBRARY": Self.missing])
        }
        #expect(try makeOffscreenSurface(environment: ["STRATA_GL": "OSMesa"]).backend == .osmesa)
    }

    @Test func aLibraryWithoutTheEntryPointsNamesTheMissingSymbol() throws {
        // libc opens fine but is not OSMesa: the reason is the first symbol looked up.
        #expect(throws: GLBackendError.unavailable(.osmesa, reason: "libc.so.6: no symbol OSMesaCreateContextAttribs")) {
            try OSMesaSurface(libraryPath: "libc.so.6")
        }
        #expect(throws: GLBackendError.unavailable(.egl, reason: "libc.so.6: no symbol eglGetProcAddress")) {
            try EGLOffscreenSurface(libraryPath: "libc.so.6")
        }
    }

    @Test func strataGLIsParsed() throws {
        #expect(try GLBackend(environment: [:]) == .auto)
        #expect(try GLBackend(environment: ["STRATA_GL": ""]) == .auto)
        #expect(try GLBackend(environment: ["STRATA_GL": "egl"]) == .egl)
        #expect(try GLBackend(environment: ["STRATA_GL": "osmesa"]) == .osmesa)
        #expect(throws: GLBackendError.unknownBackend("glx")) { try GLBackend(environment: ["STRATA_GL": "glx"]) }
        #expect(GLBackendError.unknownBackend("glx").description == "STRATA_GL=glx names no GL backend (one of auto, egl, osmesa)")
    }
}
