// Cairo: paths filled and stroked into 8-bit coverage (A8 image surfaces), with the
// caps, joins, miter limit and dashes CGPath strokes with. Only the image backend is used.
#include <cairo.h>
