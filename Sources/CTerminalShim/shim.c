// XSI and wide-character declarations (wcwidth, newlocale) need these before any header.
#define _XOPEN_SOURCE 700
#define NCURSES_WIDECHAR 1
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include "CTerminalShim.h"

static locale_t utf8_locale;
static pthread_once_t utf8_locale_once = PTHREAD_ONCE_INIT;

static void load_utf8_locale(void) {
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

int emr_wcwidth(uint32_t scalar) {
    pthread_once(&utf8_locale_once, load_utf8_locale);
    if (utf8_locale == (locale_t)0) {
        return wcwidth((wchar_t)scalar);
    }
    locale_t previous = uselocale(utf8_locale);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}

int emr_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

int emr_terminal_check(const char *term, int fd) {
    int status = 0;
    TERMINAL *previous = cur_term;
    if (setupterm(term, fd, &status) != OK) {
        switch (status) {
        case 1: return EMR_TERMINAL_HARDCOPY;
        case -1: return EMR_TERMINAL_NO_DATABASE;
        default: return EMR_TERMINAL_UNKNOWN;
        }
    }
    char *cup = tigetstr("cup");
    int result = (cup == NULL || cup == (char *)-1) ? EMR_TERMINAL_NO_CURSOR_ADDRESSING : EMR_TERMINAL_OK;
    TERMINAL *loaded = set_curterm(previous);
    del_curterm(loaded);
    return result;
}

int emr_lines(void) { return LINES; }
int emr_cols(void) { return COLS; }
int emr_colors(void) { return COLORS; }
int emr_color_pairs(void) { return COLOR_PAIRS; }

const char *emr_capability(const char *name) {
    const char *value = tigetstr(name);
    return value == NULL || value == (char *)-1 ? NULL : value;
}

int emr_flag(const char *name) { return tigetflag(name); }

int emr_number(const char *name) { return tigetnum(name); }

static char *expand_out;
static int expand_size, expand_count;

static int expand_byte(int c) {
    if (expand_count < expand_size) expand_out[expand_count] = (char)c;
    expand_count++;
    return c;
}

int emr_expand(const char *capability, int first, int second, char *out, int size) {
    expand_out = out;
    expand_size = size;
    expand_count = 0;
    const char *expanded = strchr(capability, '%') ? tiparm(capability, first, second) : capability;
    if (expanded == NULL || tputs(expanded, 1, expand_byte) == ERR || expand_count > size) return -1;
    return expand_count;
}

int emr_has_line_drawing(void) {
    const char *acsc = tigetstr("acsc");
    return acsc != NULL && acsc != (char *)-1 && acsc[0] != '\0';
}

void emr_configure_stdscr(void) {
    keypad(stdscr, TRUE);
    // Cursor keys arrive as ESC [ x or ESC O x depending on the terminal's keypad mode, and
    // old terminfo entries (vt220) list only one form: accept both everywhere.
    static const struct { const char *sequence; int key; } extra[] = {
        {"\033[A", KEY_UP}, {"\033[B", KEY_DOWN}, {"\033[C", KEY_RIGHT}, {"\033[D", KEY_LEFT},
        {"\033OA", KEY_UP}, {"\033OB", KEY_DOWN}, {"\033OC", KEY_RIGHT}, {"\033OD", KEY_LEFT},
        {"\033[H", KEY_HOME}, {"\033[F", KEY_END}, {"\033OH", KEY_HOME}, {"\033OF", KEY_END},
        {"\033[1~", KEY_HOME}, {"\033[4~", KEY_END}, {"\033[5~", KEY_PPAGE}, {"\033[6~", KEY_NPAGE},
        {"\033[Z", KEY_BTAB},
    };
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) {
        if (key_defined(extra[i].sequence) == 0) define_key(extra[i].sequence, extra[i].key);
    }
    wtimeout(stdscr, 0);
    scrollok(stdscr, FALSE);
    leaveok(stdscr, FALSE);
    idlok(stdscr, TRUE);
}

int emr_get_wch(uint32_t *value) {
    wint_t character = 0;
    int status = wget_wch(stdscr, &character);
    *value = (uint32_t)character;
    return status;
}

void emr_flush(void) {
    wnoutrefresh(stdscr);
    doupdate();
}

void emr_force_repaint(void) { clearok(curscr, TRUE); }

static FILE *clear_output;

static int write_to_terminal(int c) {
    return putc(c, clear_output) == EOF ? ERR : OK;
}

void emr_clear_now(FILE *output) {
    clear_output = output;
    // Erase line by line: a whole-screen clear makes terminals without an alternate screen
    // (vt100, vt220, linux; tmux with scroll-on-clear) push the screen into scrollback.
    werase(stdscr);
    wnoutrefresh(stdscr);
    const char *cup = tigetstr("cup");
    const char *el = tigetstr("el");
    if (cup && cup != (char *)-1 && el && el != (char *)-1) {
        for (int row = 0; row < LINES; row++) {
            tputs(tiparm(cup, row, 0), 1, write_to_terminal);
            tputs(el, 1, write_to_terminal);
        }
        // Then drop what the terminal kept in scrollback: the terminfo E3 capability, or
        // the ECMA-48 "erase saved lines" control that terminals without E3 ignore if unknown.
        const char *e3 = tigetstr("E3");
        tputs(e3 && e3 != (char *)-1 ? e3 : "\033[3J", 1, write_to_terminal);
        tputs(tiparm(cup, 0, 0), 1, write_to_terminal);
        fflush(output);
    } else {
        clearok(curscr, TRUE);
        wrefresh(stdscr);
    }
}

int emr_window_size(int fd, int *rows, int *cols) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

static volatile sig_atomic_t forward_fd = -1;

static void forward_signal(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    if (forward_fd >= 0) {
        ssize_t ignored = write(forward_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

int emr_signal_forward(int signo, int write_fd, int restart) {
    forward_fd = write_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forward_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = restart ? SA_RESTART : 0;
    return sigaction(signo, &action, NULL);
}

int emr_signal_default(int signo) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    return sigaction(signo, &action, NULL);
}
