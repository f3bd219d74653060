#include <fribidi.h>

/* fribidi's paragraph types and type tests are macros Swift cannot import. */
static inline FriBidiParType invoi_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType invoi_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType invoi_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType invoi_fribidi_par_weak_rtl(void) { return FRIBIDI_PAR_WRTL; }
static inline int invoi_fribidi_par_is_rtl(FriBidiParType t) { return FRIBIDI_IS_RTL(t) ? 1 : 0; }

/* Rule L1: whitespace, isolates and explicit formatting at a line end take the paragraph level. */
static inline int invoi_fribidi_resets_at_line_end(FriBidiCharType t) {
    return (FRIBIDI_IS_EXPLICIT_OR_BN_OR_WS(t) || FRIBIDI_IS_ISOLATE(t)) ? 1 : 0;
}
