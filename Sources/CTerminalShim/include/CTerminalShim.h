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

int emr_lines(void);
int emr_cols(void);
int emr_colors(void);
int emr_color_pairs(void);

/// A string capability of the current terminal (after newterm), or NULL when it lacks it.
const char *emr_capability(const char *name);
/// A boolean capability of the current terminal: 1, 0, or -1 when it is not a boolean.
int emr_flag(const char *name);
/// A numeric capability of the current terminal: -1 when absent, -2 when not a number.
int emr_number(const char *name);
/// `capability` with its parameters filled in (tiparm) and padding resolved (tputs), into
/// `out`; returns the byte count, or -1 when it fails or does not fit in `size`.
int emr_expand(const char *capability, int first, int second, char *out, int size);
/// 1 when the terminal's terminfo entry (after newterm) lists line-drawing characters (`acsc`).
int emr_has_line_drawing(void);
/// keypad on, non-blocking reads, no scrolling or automatic cursor placement on stdscr.
void emr_configure_stdscr(void);
/// wget_wch on stdscr: returns OK, KEY_CODE_YES or ERR, the character or key code in *value.
int emr_get_wch(uint32_t *value);
/// wnoutrefresh(stdscr) then doupdate(): curses sends what it has pending (the first clear,
/// terminal modes after endwin, a repaint); cells are written by ScreenWriter, not curses.
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
