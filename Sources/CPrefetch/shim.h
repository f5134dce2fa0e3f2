// The compiler's prefetch instruction, which Swift does not expose: a presentation walks
// ten thousand layers whose objects are far apart in memory, and asks for the next
// ones' cache lines while it works on this one. A hint only: it never faults and
// changes no value.
static inline void strata_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
static inline void strata_prefetch_for_writing(const void *address) { __builtin_prefetch(address, 1, 3); }
