// Each fuzz target defines LLVMFuzzerTestOneInput (in Swift, with @_cdecl). SwiftPM names
// an executable's entry point MODULE_main and aliases `main` to it, so libFuzzer's own main
// is not linked: these entry points, one per target, run libFuzzer's driver instead.
#include "fuzz_driver.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ENTRY(name) \
    int name(int argc, char **argv) { return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput); }

FUZZ_ENTRY(fuzz_trace_main)
FUZZ_ENTRY(fuzz_png_main)
FUZZ_ENTRY(fuzz_scenefile_main)
FUZZ_ENTRY(fuzz_arguments_main)
FUZZ_ENTRY(fuzz_results_main)
FUZZ_ENTRY(fuzz_manifest_main)
FUZZ_ENTRY(fuzz_masks_main)
