#include <turbojpeg.h>
#include <dlfcn.h>
