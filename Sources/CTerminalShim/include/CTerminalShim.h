#ifndef EMR_TERMINAL_SHIM_H
#define EMR_TERMINAL_SHIM_H
// Wrappers for what Swift cannot reach directly: curses macros and C globals (stdscr, LINES,
// COLS, COLORS are errors in Swift 6 mode), variadic ioctl, XSI wcwidth and signal handlers
// that must be async-signal-safe. The header names no curses types on purpose, so Swift sees
// curses declarations only once (through CNcursesw).
#include <stdint.h>
#include <stdio.h>

/// Display width in terminal cells of one Unicode scalar (wcwidth(3)) under C.UTF-8, whatever
/// the process locale: -1 for non-printable, 0 for combining marks, 2 for wide characters.
int emr_wcwidth(uint32_t scalar);

/// 1 when the current LC_CTYPE encodes UTF-8 (call after setlocale).
int emr_locale_is_utf8(void);

/// Outcomes of emr_terminal_check.
enum {
    EMR_TERMINAL_OK = 0,
    EMR_TERMINAL_UNKNOWN = 1,
    EMR_TERMINAL_NO_DATABASE = 2,
    EMR_TERMINAL_HARDCOPY = 3,
    EMR_TERMINAL_NO_CURSOR_ADDRESSING = 4
};

/// Looks `term` up in terminfo without letting curses print or exit, and checks it can address
/// the cursor (`dumb` cannot). Frees what it loaded.
int emr_terminal_check(const char *term, int fd);

/// Our attribute bits, translated to curses A_* bits in the shim.
enum {
    EMR_ATTR_BOLD = 1,
    EMR_ATTR_REVERSE = 2,
    EMR_ATTR_UNDERLINE = 4,
    EMR_ATTR_DIM = 8
};

int emr_lines(void);
int emr_cols(void);
int emr_colors(void);
int emr_color_pairs(void);

/// Puts one grapheme (base scalar plus up to 4 combining scalars) at (row, col) of stdscr.
int emr_put_cell(int row, int col, const int32_t *scalars, int count, unsigned attributes, int pair);
/// Puts the terminal's line-drawing character for a VT100 alternate-character-set code
/// (`q` horizontal, `x` vertical, `l k m j` corners, `t u` tees) at (row, col) of stdscr;
/// curses sends ASCII stand-ins to a terminal without line drawing.
int emr_put_line_drawing(int row, int col, char code, unsigned attributes, int pair);
/// 1 when the terminal's terminfo entry (after newterm) lists line-drawing characters (`acsc`).
int emr_has_line_drawing(void);
/// keypad on, non-blocking reads, no scrolling or automatic cursor placement on stdscr.
void emr_configure_stdscr(void);
/// wget_wch on stdscr: returns OK, KEY_CODE_YES or ERR, the character or key code in *value.
int emr_get_wch(uint32_t *value);
/// Moves the physical cursor to (row, col) on the next refresh.
void emr_move_cursor(int row, int col);
/// wnoutrefresh(stdscr) then doupdate(): curses sends only what changed.
void emr_flush(void);
/// Makes the next refresh redraw the whole screen (Ctrl-L, after resume).
void emr_force_repaint(void);
/// Erases the screen line by line and the terminal's scrollback, so no patient data is
/// left behind, also on terminals without an alternate screen.
void emr_clear_now(FILE *output);

/// Terminal size from the tty driver; returns 0 on success.
int emr_window_size(int fd, int *rows, int *cols);

/// Installs a handler that writes the signal number as one byte to write_fd (and nothing else).
/// restart: 1 resumes an interrupted system call (SA_RESTART); 0 lets it fail with EINTR, so
/// a blocking read of a line (the login's paste-back prompt) ends at Ctrl-C.
int emr_signal_forward(int signo, int write_fd, int restart);
/// Restores the default disposition of signo.
int emr_signal_default(int signo);

#endif
