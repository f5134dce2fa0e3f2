// HarfBuzz: OpenType shaping (GSUB substitutions, GPOS positioning) with its own
// OpenType font functions, reading the font file directly; FreeType only rasterises.
#include <hb.h>
#include <hb-ot.h>
