import Foundation

/// The C library's words for the errors a box meets (`strerror`; ALSA's `snd_strerror` gives the
/// same for them), said in a language: a device gone or busy, a permission, a full or read-only
/// disk. The English of each key is the library's exact wording; any other error stays as the
/// library says it (English).
public enum SystemWords {
    public static let keys: [(code: Int32, key: TextKey)] = [
        (EPERM, .systemOperationNotPermitted), (ENOENT, .systemNoSuchFile), (EIO, .systemInputOutput),
        (ENXIO, .systemNoSuchDeviceOrAddress), (EAGAIN, .systemTryAgain), (ENOMEM, .systemNoMemory),
        (EACCES, .systemPermissionDenied), (EBUSY, .systemBusy), (EEXIST, .systemFileExists),
        (ENODEV, .systemNoSuchDevice), (ENOTDIR, .systemNotADirectory), (EISDIR, .systemIsADirectory),
        (EINVAL, .systemInvalidArgument), (ENOSPC, .systemNoSpace), (EROFS, .systemReadOnly),
        (EPIPE, .systemBrokenPipe), (ESTRPIPE, .systemStreamsPipe), (EDQUOT, .systemQuota),
        (EADDRINUSE, .systemAddressInUse), (EADDRNOTAVAIL, .systemAddressNotAvailable),
    ]

    /// The words for error number `code` (positive, as errno; ALSA's negative codes work too).
    public static func text(code: Int32, _ texts: Texts) -> String {
        let code = abs(code)
        if let key = keys.first(where: { $0.code == code })?.key { return texts.text(key) }
        return String(cString: strerror(code))
    }

    /// `phrase` (the library's English words) in `texts`' language when the tables have it.
    public static func text(_ phrase: String, _ texts: Texts) -> String {
        let english = Texts.english
        guard let key = keys.first(where: { english.text($0.key) == phrase })?.key else { return phrase }
        return texts.text(key)
    }
}
