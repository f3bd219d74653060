#ifndef INVOI_C_SPEEDUPS_SWITCH_H
#define INVOI_C_SPEEDUPS_SWITCH_H

/// Whether the speedup `name` (in lower case) is on in this process: INVOI_SPEEDUPS is read the
/// first time and the answer kept in `*state` (-1 until then).
int invoi_speedup_is_enabled(int *state, const char *name);

#endif
