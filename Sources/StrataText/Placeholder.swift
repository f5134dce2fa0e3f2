// Placeholder until the text work lands.
enum StrataTextPlaceholder {}
