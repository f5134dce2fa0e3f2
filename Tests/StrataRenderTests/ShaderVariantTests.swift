import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// What speeds frames up without changing a byte (issue 29): shader code a draw does not
/// need compiled out (`ProgramVariants`), and opacity groups put back only where they
/// hold something (`GroupExtent`).
@Suite(.serialized, .tags(.gl)) struct ShaderVariantTests {
    /// A screen with every draw that tells circular from continuous corners: a card that
    /// masks to its bounds (a masked group) holding text on and off the pixel grid, a
    /// clipped shape and a bordered button; a translucent sheet (an opacity group) with a
    /// blurred backdrop and a nested fading group; `curve` for all their corners.
    static func screen(curve: CornerCurve, shift: Double = 0) -> Layer {
        let card = square(Rect(x: 30 + shift, y: 30, width: 220, height: 160), Color(white: 0.92, alpha: 1), radius: 18)
        card.cornerCurve = curve
        card.masksToBounds = true
        card.addSublayer(label(Rect(x: 12, y: 10, width: 200, height: 30), "Sign in"))
        let turned = label(Rect(x: 20, y: 60, width: 160, height: 30), "Turned")
        turned.transform = .makeRotation(0.2, 0, 0, 1)
        card.addSublayer(turned)
        let shape = ShapeLayer()
        shape.frame = Rect(x: 150, y: 90, width: 90, height: 90)
        shape.path = .ellipse(in: Rect(x: 0, y: 0, width: 90, height: 90))
        shape.fillColor = .purple
        shape.cornerRadius = 20
        shape.cornerCurve = curve
        shape.masksToBounds = true
        card.addSublayer(shape)
        let button = square(Rect(x: 12, y: 110, width: 120, height: 36), .systemBlue, radius: 10)
        button.cornerCurve = curve
        button.borderWidth = 2
        button.borderColor = .black
        card.addSublayer(button)

        let sheet = BackdropLayer()
        sheet.frame = Rect(x: 270, y: 60, width: 180, height: 220)
        sheet.material = Material(blurRadius: 6)
        sheet.backgroundColor = Color(white: 1, alpha: 0.4)
        sheet.cornerRadius = 14
        sheet.cornerCurve = curve
        sheet.opacity = 0.8
        let fading = Layer()
        fading.frame = Rect(x: 10, y: 120, width: 160, height: 80)
        fading.opacity = 0.5
        fading.addSublayer(square(Rect(x: 0, y: 0, width: 100, height: 50), .red, radius: 8))
        fading.addSublayer(label(Rect(x: 20, y: 20, width: 140, height: 30), "Fading"))
        sheet.addSublayer(fading)
        sheet.addSublayer(label(Rect(x: 10, y: 10, width: 160, height: 30), "Sheet"))
        let stripes = (0..<6).map { i in square(Rect(x: 0, y: Double(i) * 55, width: 480, height: 25), .orange) }
        return root(stripes + [card, sheet])
    }

    /// The shaders of this checkout in a folder, the continuous corners' curve compiled
    /// into every program (behind its uniform, as before `ProgramVariants`).
    static func shadersWithTheCurveEverywhere() throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Shaders").path
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-variants-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: source) where file.hasSuffix(".frag") || file.hasSuffix(".vert") || file.hasSuffix(".glsl") {
            var text = try String(contentsOfFile: source + "/" + file, encoding: .utf8)
            if file == "prelude.glsl" { text = "#ifndef CONTINUOUS_CORNERS\n#define CONTINUOUS_CORNERS\n#endif\n" + text }
            try text.write(toFile: dir + "/" + file, atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func circularCornersWithTheCurveCompiledOutAreTheSameBytes() throws {
        let dir = try Self.shadersWithTheCurveEverywhere()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let variants = try makeRenderer()
        let everywhere = try Renderer(surface: try makeOffscreenSurface(), shaders: .directory(dir))
        // Continuous corners are drawn split (`ContinuousCornerSplit`) by one and whole by the
        // other; at 2x and moved by a fraction of a pixel, the cuts fall elsewhere.
        for curve in [CornerCurve.circular, .continuous] {
            for (scale, shift) in [(1.0, 0.0), (2.0, 0.3), (1.0, 3.7)] {
                let (w, h) = (Int(480 * scale), Int(320 * scale))
                let a = try variants.render(layer: Self.screen(curve: curve, shift: shift), pixelWidth: w, pixelHeight: h, scale: scale)
                let b = try everywhere.render(layer: Self.screen(curve: curve, shift: shift), pixelWidth: w, pixelHeight: h, scale: scale)
                #expect(a.pixels == b.pixels, "\(curve) at \(scale)x, shifted \(shift)")
            }
        }
        // The two curves draw differently (so the continuous one did take its variant).
        let circular = try variants.render(layer: Self.screen(curve: .circular), pixelWidth: 480, pixelHeight: 320, scale: 1)
        let continuous = try variants.render(layer: Self.screen(curve: .continuous), pixelWidth: 480, pixelHeight: 320, scale: 1)
        #expect(circular.pixels != continuous.pixels)
    }

    @Test func groupsPutBackOverTheirExtentAreTheSameBytesAsPutBackWhole() throws {
        let extents = try makeRenderer(), whole = try makeRenderer()
        whole.compositesOnlyGroupExtents = false
        // Frame after frame (the second and third drawn over the first where they can).
        for shift in [0.0, 7.5, 15] {
            let a = try extents.render(layer: Self.screen(curve: .continuous, shift: shift), pixelWidth: 480, pixelHeight: 320, scale: 1)
            let b = try whole.render(layer: Self.screen(curve: .continuous, shift: shift), pixelWidth: 480, pixelHeight: 320, scale: 1)
            #expect(a.pixels == b.pixels, "shift \(shift)")
        }
    }

    @Test func theCornerCellsHoldEveryPixelTheCurveCanReach() throws {
        // A 100 x 60 point card at (20.25, 10) with continuous corners of 10 points, at 2x:
        // the curve runs 15.29 points (1.52866 radii) along each side from a corner, so up
        // to pixel x (20.25 + 15.29) * 2 = 71.1 from the left, (120.25 - 15.29) * 2 = 209.9
        // from the right, y 50.6 and 109.4. The cuts go a pixel further out, onto even pixels.
        let shape = RoundedRect(bounds: Rect(x: 20.25, y: 10, width: 100, height: 60), cornerRadius: 10, corners: .all, curve: .continuous)
        let m = Transform3D.identity.scaled(2, 2, 1)
        let bounds = PixelRect(x0: 37, y0: 17, x1: 244, y1: 143)
        let cells = try #require(ContinuousCornerSplit.cells(of: shape, matrix: m, bounds: bounds))
        #expect(cells.corners == [PixelRect(x0: 37, y0: 17, x1: 74, y1: 52), PixelRect(x0: 208, y0: 17, x1: 244, y1: 52),
                                  PixelRect(x0: 37, y0: 108, x1: 74, y1: 143), PixelRect(x0: 208, y0: 108, x1: 244, y1: 143)])
        // The rest: the middle column whole, and the left and right sides between the corners.
        #expect(cells.sides == [PixelRect(x0: 74, y0: 17, x1: 208, y1: 143), PixelRect(x0: 37, y0: 52, x1: 74, y1: 108),
                                PixelRect(x0: 208, y0: 52, x1: 244, y1: 108)])
        // Circular corners, or a turn: not split.
        let circular = RoundedRect(bounds: shape.rect, cornerRadius: 10, corners: .all, curve: .circular)
        #expect(ContinuousCornerSplit.cells(of: circular, matrix: m, bounds: bounds) == nil)
        #expect(ContinuousCornerSplit.cells(of: shape, matrix: .makeRotation(0.1, 0, 0, 1), bounds: bounds) == nil)
    }

    @Test func aPlainGroupsExtentIsWhatItsDrawsReach() throws {
        let builder = DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1)
        let group = Layer()
        group.frame = Rect(x: 100, y: 50, width: 200, height: 100)
        group.opacity = 0.5
        group.addSublayer(square(Rect(x: 10, y: 20, width: 40, height: 30), .red))
        group.addSublayer(square(Rect(x: 100, y: 60, width: 50, height: 30), .blue))
        let empty = Layer()
        empty.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        empty.opacity = 0.5
        empty.addSublayer(square(Rect(x: 0, y: 0, width: 10, height: 10), Color(white: 0, alpha: 0)))
        let list = try builder.build(root: root([group, empty]))
        let reach = FrameDamage.reach(of: list) { _, _ in nil }
        let ends = list.commands.indices.filter { if case .endGroup = list.commands[$0] { true } else { false } }
        let found = GroupExtent.extents(of: list, reach: reach)
        // The squares cover frame pixels 110...150 x 70...100 and 200...250 x 110...140;
        // each draw's reach is its quad grown for anti-aliasing, rounded out a pixel.
        let extent = try #require(found[ends[0]])
        #expect(extent.x0 < 110 && extent.x0 >= 105 && extent.y0 < 70 && extent.y0 >= 65, "\(extent)")
        #expect(extent.x1 > 250 && extent.x1 <= 255 && extent.y1 > 140 && extent.y1 <= 145, "\(extent)")
        // A draw of unknown reach (text given none here) leaves the group whole.
        let withText = try builder.build(root: root([{ group.addSublayer(label(Rect(x: 0, y: 0, width: 80, height: 20), "Hi")); return group }()]))
        let unknown = GroupExtent.extents(of: withText, reach: FrameDamage.reach(of: withText) { _, _ in nil })
        #expect(unknown.isEmpty)
        // The empty group's transparent square is no draw: it holds nothing.
        #expect(ends.count == 2)
        #expect(found[ends[1]]?.isEmpty == true, "\(list.commands)")
    }
}
