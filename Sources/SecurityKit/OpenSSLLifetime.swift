import COpenSSL

/// OpenSSL kept for the whole life of the process, with no clean-up at exit. By default OpenSSL
/// frees its providers in an `atexit` handler; a background task still sealing or checking the
/// audit chain when the user quits then found HMAC gone in the process's last moment, and `q`
/// ended in a crash report instead of exit 0. The memory is given back at exit anyway, and no
/// key lives in what that clean-up frees (keys are `SecretBytes`, cleansed when released).
public enum OpenSSLLifetime {
    /// Call first in `main`, before anything else uses OpenSSL: only the first initialisation
    /// decides whether the handler is registered.
    public static func keepUntilExit() {
        _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
    }
}
