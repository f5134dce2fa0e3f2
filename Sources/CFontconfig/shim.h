// fontconfig: finds font files by family, weight and the characters they cover.
#include <fontconfig/fontconfig.h>
