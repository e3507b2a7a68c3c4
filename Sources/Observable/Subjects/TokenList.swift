/// A hub's observers: slots in subscription order, emptied on disposal. Each occupied slot owns
/// one retain of its token (taken in `append` and `init(copying:)`, given back in `remove` and
/// `deinit`), so delivery can read tokens without touching reference counts. Changed only under
/// the hub's lock, and in place only while the changing thread also holds the hub's `delivering`
/// bit; the thread holding that bit walks the list it read without the lock (nobody changes it
/// meanwhile, see ``SubjectHub``); `deinit` runs outside the lock (the hub drops lists there).
@usableFromInline
final class TokenList<Policy: SubjectPolicy> {
    @usableFromInline typealias Token = ObserverToken<Policy>
    /// A token's address (`Unmanaged<Token>.toOpaque()`) or `nil`: a type that does not depend
    /// on `Policy`, so that code which is not specialized (a generic class's `deinit`, a
    /// token's `dispose()` reached through `Disposable`) can index the storage without looking
    /// up the metadata of `Optional<Unmanaged<ObserverToken<Policy>>>` for its stride (~1,300
    /// instructions per list released).
    @usableFromInline typealias Slot = UnsafeMutableRawPointer?

    /// Slot storage, managed by hand (slots are plain values: a token's address whose retain
    /// the list owns) so that a delivery reads it without retaining an array buffer.
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<Slot>
    @exclusivity(unchecked) @usableFromInline var count: Int
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    /// Tokens in the slots.
    @exclusivity(unchecked) @usableFromInline var live: Int
    /// Empty slots.
    @exclusivity(unchecked) @usableFromInline var holes: Int

    @inlinable
    init() {
        capacity = 4
        base = UnsafeMutablePointer<Slot>.allocate(capacity: 4)
        count = 0
        live = 0
        holes = 0
    }

    @inlinable
    init(copying other: TokenList<Policy>) {
        capacity = max(other.count, 4)
        base = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        base.initialize(from: other.base, count: other.count)
        count = other.count
        live = other.live
        holes = other.holes
        for index in 0..<count { _ = token(at: index)?.retain() }
    }

    /// Slots are plain values: the storage is freed without deinitializing them. A generic
    /// class's `deinit` is never specialized: it walks `base` by index, where `slots` (a generic
    /// buffer and its iterator) or `deinitialize(count:)` would look up type metadata.
    deinit {
        for index in 0..<count {
            if let slot = base[index] { Unmanaged<Token>.fromOpaque(slot).release() }
        }
        base.deallocate()
    }

    /// The token in a slot, if any.
    @inlinable
    static func token(in slot: Slot) -> Unmanaged<Token>? {
        if let slot { Unmanaged<Token>.fromOpaque(slot) } else { nil }
    }

    /// The token at `index` (below `count`), if its slot is not empty.
    @inlinable
    func token(at index: Int) -> Unmanaged<Token>? {
        Self.token(in: base[index])
    }

    /// The slots, for walking. Valid while the list is alive and not changed.
    @inlinable
    var slots: UnsafeBufferPointer<Slot> {
        UnsafeBufferPointer(start: base, count: count)
    }

    @inlinable
    func append(_ token: Token) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Slot>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        token.index = count
        (base + count).initialize(to: Unmanaged.passRetained(token).toOpaque())
        count += 1
        live += 1
    }

    /// Empties the token's slot; returns the slot's retain, for the caller to release outside
    /// the lock.
    @inlinable
    func remove(_ token: Token) -> Unmanaged<Token>? {
        let index = token.index
        guard index >= 0, index < count, let slot = base[index],
            slot == Unmanaged.passUnretained(token).toOpaque()
        else { return nil }
        token.index = -1
        base[index] = nil
        live -= 1
        holes += 1
        return Unmanaged.fromOpaque(slot)
    }

    /// Closes the holes and renumbers the tokens (moves retains, releases none). The slots past
    /// the kept ones need no deinitializing (a slot is a plain value); the generic
    /// `deinitialize(count:)` looked up metadata on each call.
    @inlinable
    func compact() {
        var kept = 0
        for index in 0..<count {
            if let slot = base[index] {
                Unmanaged<Token>.fromOpaque(slot)._withUnsafeGuaranteedRef { $0.index = kept }
                base[kept] = slot
                kept += 1
            }
        }
        count = kept
        holes = 0
    }

    /// Takes every token's handler out, for the caller to release outside the lock (see
    /// ``SubjectHub/detached`` for when that is safe).
    @inlinable
    func takeHandlers(into boxes: inout [Unmanaged<HandlerBox<Policy.Element>>]) {
        for index in 0..<count {
            if let box = token(at: index)?._withUnsafeGuaranteedRef({ $0.takeHandler() }) { boxes.append(box) }
        }
    }

    /// Marks every token as no longer listed (the list is being dropped).
    @inlinable
    func unregisterAll() {
        for index in 0..<count { token(at: index)?._withUnsafeGuaranteedRef { $0.index = -1 } }
    }
}
