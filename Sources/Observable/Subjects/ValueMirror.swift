import Synchronization

/// A copy of a ``StoreCell``'s latest written value that readers load without the cell's lock,
/// kept only when `Element` is trivial (no references: `Bool`, `Int`, `Double`, a small enum)
/// and fits in a machine word. For any other type it holds nothing and costs one 16-byte field.
///
/// The cell stores each written value here, under its lock, right after it changed; a reader
/// loads it with one atomic load (a property read inside `updateStore` took a lock pair before,
/// ~50 instructions). Atomic, so a read on any thread sees a value that was written, and a
/// thread reads its own last write. The bytes are the written value's own, copied with its
/// size, so loading them back as `Element` makes that same value (a trivial type has no other
/// state).
@usableFromInline
struct ValueMirror<Element>: ~Copyable, Sendable {
    @usableFromInline let word = Atomic<UInt64>(0)
    /// `false` until the first value is stored (the cell was created empty).
    @usableFromInline let present = Atomic<Bool>(false)

    /// `true` when `Element` is mirrored (folded to a constant in specialized code).
    @inlinable
    static var isActive: Bool {
        _isPOD(Element.self) && MemoryLayout<Element>.size <= MemoryLayout<UInt64>.size
            && MemoryLayout<Element>.alignment <= MemoryLayout<UInt64>.alignment
    }

    /// Empty: the cell stores its value at the first write or the first read under its lock (so
    /// the cell's initializer stays as small as it was: inlined, a store here made it too large
    /// for the property's initializer to inline, and the comparer closure went through two more
    /// thunks per comparison).
    @inlinable
    init() {}

    /// Stores `value` (called under the cell's lock, so stores never race each other).
    @inlinable
    func store(_ value: Element) {
        guard Self.isActive else { return }
        var bits: UInt64 = 0
        withUnsafeMutableBytes(of: &bits) { target in
            withUnsafeBytes(of: value) { target.copyMemory(from: $0) }
        }
        word.store(bits, ordering: .releasing)
        if !present.load(ordering: .relaxed) { present.store(true, ordering: .releasing) }
    }

    /// The latest stored value; `nil` when `Element` is not mirrored or nothing was stored yet
    /// (the caller then reads under the lock).
    @inlinable
    func load() -> Element? {
        guard Self.isActive, present.load(ordering: .acquiring) else { return nil }
        let bits = word.load(ordering: .acquiring)
        return withUnsafeBytes(of: bits) { $0.load(as: Element.self) }
    }
}
