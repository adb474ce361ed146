// SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so ask for the wide-character API explicitly.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>
