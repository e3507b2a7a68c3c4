#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An identifier of the calling thread, never 0 (`package`: the Fluxer engine uses it too).
@inlinable
@inline(__always)
package func currentThreadID() -> UInt {
    UInt(bitPattern: Int(bitPattern: pthread_self()))
}
