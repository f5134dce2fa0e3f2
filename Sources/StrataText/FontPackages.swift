/// The Debian packages that ship the families Strata asks for, so a missing font is
/// reported as the package to install rather than as a family name to search for.
enum FontPackages {
    /// Family name prefix (lowercased) -> package.
    private static let byFamilyPrefix: [(prefix: String, package: String)] = [
        ("inter", "fonts-inter"),
        ("noto sans cjk", "fonts-noto-cjk"),
        ("noto serif cjk", "fonts-noto-cjk"),
        ("noto sans mono cjk", "fonts-noto-cjk"),
        ("noto sans arabic", "fonts-noto-core"),
        ("noto sans hebrew", "fonts-noto-core"),
        ("noto sans devanagari", "fonts-noto-core"),
        ("noto sans thai", "fonts-noto-core"),
        ("dejavu", "fonts-dejavu-core"),
        ("roboto", "fonts-roboto"),
        ("noto color emoji", "fonts-noto-color-emoji"),
    ]

    static func package(forFamily family: String) -> String? {
        let f = family.lowercased()
        return byFamilyPrefix.first { f.hasPrefix($0.prefix) }?.package
    }
}
