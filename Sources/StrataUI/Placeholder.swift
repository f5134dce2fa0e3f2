// Placeholder until the UI work lands.
enum StrataUIPlaceholder {}
