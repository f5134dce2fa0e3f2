#ifndef STRATA_FUZZ_DRIVER_H
#define STRATA_FUZZ_DRIVER_H
// libFuzzer's driver (in libclang_rt.fuzzer, linked by -sanitize=fuzzer), called by the
// entry points in fuzz_driver.c.
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
