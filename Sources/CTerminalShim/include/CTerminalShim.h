#ifndef EMR_TERMINAL_SHIM_H
#define EMR_TERMINAL_SHIM_H
#include <stdint.h>

/// Display width in terminal cells of one Unicode scalar (wcwidth(3)): -1 for
/// non-printable, 0 for combining marks, 2 for wide East Asian characters.
int emr_wcwidth(uint32_t scalar);

#endif
