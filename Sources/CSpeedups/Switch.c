// How the C speedups read INVOI_SPEEDUPS: by the rules of Swift's `Speedups(setting:)`, which
// NumberFormattingTests holds them to.

#include "CSpeedups.h"
#include "Switch.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

int invoi_speedup_is_on(const char *setting, const char *name) {
    if (setting == NULL || setting[0] == 0 || strcasecmp(setting, "on") == 0) return 1;
    if (strcasecmp(setting, "off") == 0) return 0;
    // A comma-separated list of the speedups to use; spaces in it are ignored.
    size_t length = strlen(name);
    const char *p = setting;
    while (*p) {
        size_t matched = 0;
        int whole = 1;
        for (; *p && *p != ','; p++) {
            if (*p == ' ') continue;
            char c = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
            if (matched < length && name[matched] == c) {
                matched++;
            } else {
                whole = 0;
            }
        }
        if (whole && matched == length) return 1;
        if (*p == ',') p++;
    }
    return 0;
}

int invoi_speedup_is_enabled(int *state, const char *name) {
    int on = __atomic_load_n(state, __ATOMIC_RELAXED);
    if (on < 0) {
        on = invoi_speedup_is_on(getenv("INVOI_SPEEDUPS"), name);
        __atomic_store_n(state, on, __ATOMIC_RELAXED);
    }
    return on;
}
