import StrataModel
import StrataScenes
import Testing
@testable import StrataUI
import StrataTestSupport

/// The alert's translucent material: the box and its hairlines are backdrop layers, so
/// what is behind the alert shows through, blurred, saturated and tinted, as on iOS.
/// iOS 14's numbers: over white the box is 240 and the hairlines 176-181; over
/// (0, 84, 147) the box is (184, 215, 239) and the hairlines (113, 168, 208).
@Suite(.tags(.gl)) struct AlertMaterialTests {
    func bytes(_ c: Color) -> RGBA {
        RGBA(Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()))
    }
    /// (0, 84, 147) under the 20 % dim.
    let dimmedBlue = Color(r8: 0, g8: 67, b8: 118)
    let dimmedWhite = Color(r8: 204, g8: 204, b8: 204)

    @Test func theMaterialsMathsMeetIOSsNumbers() {
        let box = Material.systemMaterial, line = Material.systemSeparator
        // Over white: the box Strata drew before (240, 241, 240) within 3 levels.
        #expect(bytes(box.apply(to: dimmedWhite)).isClose(to: RGBA(240, 241, 240), within: 3))
        #expect((176...181).contains(bytes(line.apply(to: dimmedWhite)).g))
        #expect(bytes(box.apply(to: dimmedBlue)).isClose(to: RGBA(184, 215, 239), within: 2), "\(bytes(box.apply(to: dimmedBlue)))")
        #expect(bytes(line.apply(to: dimmedBlue)).isClose(to: RGBA(113, 168, 208), within: 2), "\(bytes(line.apply(to: dimmedBlue)))")
        // Dark, over the black scene: the colours Strata drew before.
        #expect(bytes(Material.systemMaterialDark.apply(to: .black)) == RGBA(37, 37, 39))
        #expect(bytes(Material.systemSeparatorDark.apply(to: .black)) == RGBA(65, 65, 68))
    }

    /// A screen of one colour (premultiplied RGBA8), as a user's screenshot would be.
    func screen(_ r: UInt8, _ g: UInt8, _ b: UInt8, width: Int = 750, height: Int = 1334) -> Image {
        Image(width: width, height: height, pixels: [UInt8]((0..<width * height).flatMap { _ in [r, g, b, 255] }))
    }

    func scene(_ example: AlertExample, dark: Bool = false, over backdrop: Image) throws -> AlertScene {
        var spec = example.specification
        if dark { try spec.setAppearance(word: "dark") }
        return try AlertScene(spec, backdrop: backdrop)
    }

    // The simple alert at @2x: box pixels x 105..<645, y 563..<812; the buttons'
    // hairline on row 723, the vertical one in column 375 (AlertRenderTests).

    @Test func overWhiteTheBoxKeepsItsColourAndTheHairlinesDarken() throws {
        let image = try render(try exampleScene(.simple), at: AlertScene.restTime)
        #expect(image.rgba(140, 650).isClose(to: RGBA(240, 241, 240), within: 3), "\(image.rgba(140, 650))")
        for (x, y) in [(140, 723), (375, 790)] {
            let line = image.rgba(x, y)
            #expect((176...181).contains(line.r) && line.r == line.g && line.g == line.b, "\(line)")
        }
    }

    @Test func overIOSsBlueTheColourShowsThrough() throws {
        let image = try render(try scene(.simple, over: screen(0, 84, 147)), at: AlertScene.restTime)
        #expect(image.rgba(50, 50).isClose(to: RGBA(0, 67, 118), within: 1))
        #expect(image.rgba(140, 650).isClose(to: RGBA(184, 215, 239), within: 3), "\(image.rgba(140, 650))")
        #expect(image.rgba(140, 723).isClose(to: RGBA(113, 168, 208), within: 3), "\(image.rgba(140, 723))")
        #expect(image.rgba(375, 790).isClose(to: RGBA(113, 168, 208), within: 3), "\(image.rgba(375, 790))")
        // A sheet's group is the same material; its cancel group stays opaque white.
        let sheet = try render(try scene(.sheet, over: screen(0, 84, 147)), at: AlertScene.restTime)
        #expect(sheet.rgba(100, 900).isClose(to: RGBA(184, 215, 239), within: 3), "\(sheet.rgba(100, 900))")
        #expect(sheet.rgba(100, 1240) == RGBA(255, 255, 255))
    }

    /// SPAlertController's needDialogBlur off: the box white, the hairlines (60, 60, 67)
    /// at 29 % over it, whatever is behind.
    @Test func withoutTheDialogBlurTheBoxIsOpaque() throws {
        let image = try render(try scene(.spOpaque, over: screen(0, 84, 147)), at: AlertScene.restTime)
        #expect((400..<950).filter { image.rgba(120, $0) == RGBA(255, 255, 255) }.count > 300)
        let rows = (563..<900).filter { image.rgba(120, $0).isClose(to: RGBA(198, 198, 201), within: 2) }
        #expect(!rows.isEmpty, "no flat hairline in column 120")
        #expect(!(563..<900).contains { image.rgba(120, $0).isClose(to: RGBA(113, 168, 208), within: 10) })
    }

    /// Bands of iOS's system colours with white rows across: what a user's app might show.
    static func colourfulScreen(width: Int = 750, height: Int = 1334) -> Image {
        let bands: [[UInt8]] = [[0, 84, 147], [255, 149, 0], [52, 199, 89], [255, 45, 85], [88, 86, 214], [255, 204, 0]]
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        // A row is white (every 200 rows, the last 40) or bands shifted by one every 400
        // rows: each kind of row is made once and copied.
        var rows: [Int: [UInt8]] = [:]
        for y in 0..<height {
            let shift = y % 200 >= 160 ? -1 : y / 400
            if rows[shift] == nil {
                rows[shift] = (0..<width).flatMap { (x: Int) -> [UInt8] in
                    shift < 0 ? [255, 255, 255, 255] : bands[(x * bands.count / width + shift) % bands.count] + [255]
                }
            }
            pixels += rows[shift]!
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    @Test func overAColourfulScreenTheBoxIsBlurredNotAGreyCard() throws {
        let image = try render(try scene(.simple, over: AlertMaterialTests.colourfulScreen()), at: AlertScene.restTime)
        // Other bands lie under the box's left and middle (orange, green, white rows;
        // pink, indigo): each shows through in its colour, not as a grey card.
        let left = image.rgba(140, 575), middle = image.rgba(375, 575)
        for c in [left, middle] { #expect(max(c.r, c.g, c.b) - min(c.r, c.g, c.b) > 20, "\(c)") }
        #expect(abs(left.r - middle.r) + abs(left.g - middle.g) + abs(left.b - middle.b) > 40, "\(left) \(middle)")
        // Blurred: along a row above the title no band edge stays sharp.
        for x in stride(from: 110, to: 640, by: 2) {
            let a = image.rgba(x, 575), b = image.rgba(x + 2, 575)
            #expect(abs(a.r - b.r) <= 6 && abs(a.g - b.g) <= 6 && abs(a.b - b.b) <= 6, "x \(x): \(a) \(b)")
        }
    }

    /// The alert, the sheet and SPAlertController's blurred backdrop over the colourful
    /// screen, light and dark.
    @Test(arguments: [AlertExample.simple, .sheet, .spBlur])
    func overAColourfulScreenMatchesItsReference(_ example: AlertExample) throws {
        let renderer = try makeRenderer()
        for dark in [false, true] {
            let image = try render(try scene(example, dark: dark, over: AlertMaterialTests.colourfulScreen()),
                                   at: AlertScene.restTime, renderer: renderer)
            try expectMatchesReference(image, "alerts/\(example.rawValue)-over-screen-\(dark ? "dark" : "light")")
        }
    }
}
