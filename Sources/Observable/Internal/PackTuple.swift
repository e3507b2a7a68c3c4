/// Memory laid out as the tuple `(repeat each Element)`, written one element at a time through
/// typed pointers and read as a whole: how `combineLatest` and `zip` hand the elements of
/// sources of any number and any types to a selector, with one implementation for every arity.
///
/// Why not plain pack code: a pack expansion that does something per element
/// (`repeat (each boxes).value`) runs as generic code even in a caller specialized for concrete
/// types, with a generic-metadata lookup per element (measured: about 300 instructions per
/// element instead of a few). Forwarding a whole tuple (`f(repeat each tuple)`) is specialized.
/// So each source writes its element through a pointer of its own concrete type, made once per
/// subscription by ``pointer(to:as:)``, and the selector gets the whole tuple.
///
/// The element offsets follow Swift's tuple layout (elements in order, each at the next offset
/// aligned for its type; see the ABI's TypeLayout document); ``init()`` checks the total against
/// `MemoryLayout` and ``pointer(to:as:)`` checks the element's type, once per subscription.
///
/// Not thread-safe: its users touch it only from their serialized inbox.
@usableFromInline
final class PackTuple<each Element> {
    @usableFromInline let storage: UnsafeMutablePointer<(repeat each Element)>
    @usableFromInline let offsets: [Int]
    @usableFromInline let elementTypes: [ObjectIdentifier]
    /// Which elements hold a value; the others are uninitialized memory.
    @exclusivity(unchecked) @usableFromInline var initialized: [Bool]
    let deinitializers: [(UnsafeMutableRawPointer) -> Void]

    @usableFromInline
    init() {
        var offsets: [Int] = []
        var types: [ObjectIdentifier] = []
        var deinitializers: [(UnsafeMutableRawPointer) -> Void] = []
        var end = 0
        for type in repeat (each Element).self {
            let layout = ElementLayout(type)
            let offset = (end + layout.alignment - 1) / layout.alignment * layout.alignment
            offsets.append(offset)
            types.append(layout.type)
            deinitializers.append { layout.deinitialize($0 + offset) }
            end = offset + layout.size
        }
        precondition(
            end == MemoryLayout<(repeat each Element)>.size,
            "PackTuple: computed tuple size \(end) differs from MemoryLayout's \(MemoryLayout<(repeat each Element)>.size)"
        )
        self.offsets = offsets
        self.elementTypes = types
        self.deinitializers = deinitializers
        initialized = Array(repeating: false, count: offsets.count)
        storage = .allocate(capacity: 1)
    }

    deinit {
        let base = UnsafeMutableRawPointer(storage)
        for index in initialized.indices where initialized[index] {
            deinitializers[index](base)
        }
        storage.deallocate()
    }

    /// The number of elements.
    @inlinable
    var count: Int { offsets.count }

    /// A pointer to element `index`, which must be of type `T` (checked: call it once per
    /// subscription, not per event).
    @inlinable
    func pointer<T>(to index: Int, as type: T.Type) -> UnsafeMutablePointer<T> {
        precondition(
            elementTypes[index] == ObjectIdentifier(T.self),
            "PackTuple: element \(index) is not of type \(T.self)")
        return (UnsafeMutableRawPointer(storage) + offsets[index]).assumingMemoryBound(to: T.self)
    }

    /// Stores `value` as element `index` through `pointer` (from ``pointer(to:as:)``), replacing
    /// the value it held.
    @inlinable
    func write<T>(_ value: T, to pointer: UnsafeMutablePointer<T>, at index: Int) {
        if initialized[index] {
            pointer.pointee = value
        } else {
            pointer.initialize(to: value)
            initialized[index] = true
        }
    }

    /// Calls `body` with a copy of every element. Every element must hold a value.
    @inlinable
    func read<Result>(_ body: (repeat each Element) throws -> Result) rethrows -> Result {
        try body(repeat each storage.pointee)
    }

    /// Moves every element out (leaving none) and calls `body` with them. Every element must
    /// hold a value.
    @inlinable
    func take<Result>(_ body: (repeat each Element) throws -> Result) rethrows -> Result {
        let values = storage.move()
        for index in initialized.indices {
            initialized[index] = false
        }
        return try body(repeat each values)
    }
}

/// The size, alignment and type of one tuple element, and how to destroy it.
struct ElementLayout {
    let size: Int
    let alignment: Int
    let type: ObjectIdentifier
    let deinitialize: (UnsafeMutableRawPointer) -> Void

    init<T>(_: T.Type) {
        size = MemoryLayout<T>.size
        alignment = MemoryLayout<T>.alignment
        type = ObjectIdentifier(T.self)
        deinitialize = { $0.assumingMemoryBound(to: T.self).deinitialize(count: 1) }
    }
}
