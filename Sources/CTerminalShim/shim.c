// wcwidth is an XSI function: Swift's Glibc module is built without _XOPEN_SOURCE,
// so it cannot see it. This file is compiled with it.
#define _XOPEN_SOURCE 700
#include <wchar.h>
#include "CTerminalShim.h"

int emr_wcwidth(uint32_t scalar) {
    return wcwidth((wchar_t)scalar);
}
