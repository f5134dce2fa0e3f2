/// UIUserInterfaceStyle: the light or dark appearance every colour of the UI resolves in.
public enum UserInterfaceStyle: String, Hashable, Sendable, CaseIterable {
    case light
    case dark
}
