#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One object of type `Object` per thread: made on the thread's first use, released when the
/// thread exits (the key's destructor). Only its own thread touches it, so it needs no lock.
@usableFromInline
struct PerThread<Object: AnyObject>: Sendable {
    @usableFromInline let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            if let raw { Unmanaged<AnyObject>.fromOpaque(raw).release() }
        }
        precondition(status == 0, "pthread_key_create failed with \(status)")
        self.key = key
    }

    /// This thread's object, if it has been made.
    @inlinable
    var existing: Object? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<Object>.fromOpaque(raw).takeUnretainedValue()
    }

    /// This thread's object, made with `make` on first use.
    func current(orMake make: () -> Object) -> Object {
        if let existing { return existing }
        let object = make()
        pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
        return object
    }
}

/// A number per thread, kept in the thread-local slot itself: no object, so nothing to make on
/// first use or to release when the thread exits (0 until set).
struct PerThreadCount: Sendable {
    let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed with \(status)")
        self.key = key
    }

    /// This thread's number.
    var value: Int { Int(bitPattern: pthread_getspecific(key)) }

    /// Sets this thread's number.
    func set(_ value: Int) {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: value))
    }
}
