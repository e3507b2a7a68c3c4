import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The core imports no Foundation, not even FoundationEssentials: a process that links Foundation
// loads three more libraries, which doubles its idle memory (see the IdleMemory program). This
// file writes with the C library; what needs Foundation lives in ObservablesFoundation.

/// Global hooks for events the library cannot hand to an observer.
public enum Hooks {
    /// Called with an error that reached a `subscribe(onNext:onError:...)` without an `onError`
    /// handler, or a binding (`bind(to:)`) that cannot take errors. Errors are never silently
    /// dropped: the default prints the error to standard error. Replace it (once, at start-up)
    /// to log or crash instead. Called on the thread that delivered the error.
    public static var unhandledError: @Sendable (Swift.Error) -> Void {
        get { unhandledErrorHook.withLock { $0 } }
        set { unhandledErrorHook.withLock { $0 = newValue } }
    }

    @usableFromInline
    static func reportUnhandled(_ error: Swift.Error) {
        unhandledError(error)
    }
}

private let unhandledErrorHook = LockedValue<@Sendable (Swift.Error) -> Void> { error in
    let message = Array("Observables: unhandled error: \(error)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }  // standard error
}

/// A value guarded by the library's ``Lock``.
final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched inside `withLock`.
    private let lock = Lock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
