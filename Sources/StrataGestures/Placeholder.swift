// Placeholder until the gestures work lands.
enum StrataGesturesPlaceholder {}
