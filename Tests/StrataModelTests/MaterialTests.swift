import Testing
import StrataModel

/// The material's colour maths (what backdrop.frag does per pixel), over backdrops of
/// one colour, where the blur changes nothing.
@Suite struct MaterialTests {
    func bytes(_ c: Color) -> [Int] {
        [c.red, c.green, c.blue].map { Int(($0 * c.alpha * 255).rounded()) } + [Int((c.alpha * 255).rounded())]
    }

    @Test func noSaturationChangeAndNoTintLeaveTheBackdrop() {
        let m = Material(blurRadius: 10)
        #expect(bytes(m.apply(to: Color(r8: 0, g8: 84, b8: 147))) == [0, 84, 147, 255])
    }

    @Test func saturationZeroGivesTheRec709Grey() {
        // 0.2126 * 255 = 54.2: pure red turns the grey of its luminance.
        let m = Material(blurRadius: 0, saturation: 0)
        #expect(bytes(m.apply(to: .red)) == [54, 54, 54, 255])
        #expect(bytes(m.apply(to: .green)) == [182, 182, 182, 255])
    }

    @Test func anOpaqueTintHidesTheBackdropAndAHalfOneMixes() {
        #expect(bytes(Material(blurRadius: 0, tint: .white).apply(to: .black)) == [255, 255, 255, 255])
        // 0.5 * 200 + 0.5 * 100 = 150.
        let half = Material(blurRadius: 0, tint: Color(r8: 200, g8: 200, b8: 200, alpha: 0.5))
        #expect(bytes(half.apply(to: Color(r8: 100, g8: 100, b8: 100))) == [150, 150, 150, 255])
    }

    @Test func theSaturatedColourIsNotClampedBeforeTheTint() {
        // (0, 67, 118): grey 56.4; saturation 3 takes red to 56.4 - 3 * 56.4 = -112.8.
        // Tinted with white at 0.5: 127.5 - 56.4 = 71.1; clamped first it would be 127.5.
        let m = Material(blurRadius: 0, saturation: 3, tint: Color(white: 1, alpha: 0.5))
        #expect(bytes(m.apply(to: Color(r8: 0, g8: 67, b8: 118)))[0] == 71)
    }

    @Test func overNothingOnlyTheTintShows() {
        let m = Material(blurRadius: 0, saturation: 2, tint: Color(r8: 250, g8: 250, b8: 250, alpha: 0.8))
        // Premultiplied: 0.8 * 250 = 200, alpha 0.8.
        #expect(bytes(m.apply(to: .clear)) == [200, 200, 200, 204])
    }
}
