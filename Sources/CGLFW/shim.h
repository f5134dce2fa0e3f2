// GLFW windows. GLFW_INCLUDE_NONE keeps GL headers out: GL comes from the loader.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
