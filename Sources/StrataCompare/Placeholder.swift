// Placeholder until the comparison work lands.
enum StrataComparePlaceholder {}
