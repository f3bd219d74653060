#include <librsvg/rsvg.h>
#include <dlfcn.h>
