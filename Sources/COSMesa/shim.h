// OSMesa: software OpenGL rendering into client memory. Only the context API is used;
// GL entry points are fetched through OSMesaGetProcAddress, never linked by name.
#include <GL/osmesa.h>
