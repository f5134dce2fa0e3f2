import Testing
@testable import StrataModel

@Suite struct SystemColorTests {
    @Test func lightAndDarkValuesAreIOSs() {
        // UIColor.systemBlue resolves to #007AFF in light mode and #0A84FF in dark.
        #expect(Color.systemBlue == Color(r8: 0, g8: 122, b8: 255))
        #expect(Color.system("systemBlue", .dark) == Color(r8: 10, g8: 132, b8: 255))
        #expect(Color.system("systemGray6", .dark) == Color(r8: 28, g8: 28, b8: 30))
        #expect(Color.systemGray6 == Color(r8: 242, g8: 242, b8: 247))
        #expect(Color.label == .black && Color.system("label", .dark) == .white)
        #expect(Color.secondaryLabel == Color(r8: 60, g8: 60, b8: 67, alpha: 0.6))
        #expect(Color.system("separator", .dark) == Color(r8: 84, g8: 84, b8: 88, alpha: 0.6))
        #expect(Color.system("systemPlaid") == nil)
    }

    @Test func everyNameFromBlueToGray6IsThereOnce() {
        let names = SystemColor.all.map(\.name)
        #expect(Set(names).count == names.count)
        for n in ["systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint", "systemTeal", "systemCyan",
                  "systemBlue", "systemIndigo", "systemPurple", "systemPink", "systemBrown", "systemGray",
                  "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6",
                  "label", "secondaryLabel", "separator"] {
            #expect(names.contains(n), "\(n)")
        }
        #expect(names.count == 21)
    }
}
