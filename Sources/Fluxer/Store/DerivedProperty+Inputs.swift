/// The typed fronts of ``DerivedProperty``, 1 to 4 inputs. With an `Equatable` value a
/// recomputation equal to the current value emits nothing; otherwise one that `isDuplicate`
/// finds the same as the current value emits nothing, and without `isDuplicate` every
/// recomputation emits. `isDuplicate` also replaces `==` for an `Equatable` value.
/// Each front only names its inputs; one implementation serves them all.
extension DerivedProperty {
    /// A property computed from `input`.
    @inlinable
    public convenience init<A: ReadableStoreProperty>(_ input: A, compute: @escaping (A.Value) -> Value)
    where Value: Equatable {
        self.init(inputs: [input.storeNode], isDuplicate: { $0 == $1 }) { compute(input.value) }
    }

    /// A property computed from `input`, deduplicated with `isDuplicate` (`true`: the two values
    /// are the same, nothing is emitted); without it every recomputation emits.
    @inlinable
    public convenience init<A: ReadableStoreProperty>(
        _ input: A, isDuplicate: ((Value, Value) -> Bool)? = nil, compute: @escaping (A.Value) -> Value
    ) {
        self.init(inputs: [input.storeNode], isDuplicate: isDuplicate) { compute(input.value) }
    }

    /// A property computed from two inputs.
    @inlinable
    public convenience init<A: ReadableStoreProperty, B: ReadableStoreProperty>(
        _ a: A, _ b: B, compute: @escaping (A.Value, B.Value) -> Value
    ) where Value: Equatable {
        self.init(inputs: [a.storeNode, b.storeNode], isDuplicate: { $0 == $1 }) { compute(a.value, b.value) }
    }

    /// A property computed from two inputs, deduplicated with `isDuplicate`; without it every
    /// recomputation emits.
    @inlinable
    public convenience init<A: ReadableStoreProperty, B: ReadableStoreProperty>(
        _ a: A, _ b: B, isDuplicate: ((Value, Value) -> Bool)? = nil, compute: @escaping (A.Value, B.Value) -> Value
    ) {
        self.init(inputs: [a.storeNode, b.storeNode], isDuplicate: isDuplicate) { compute(a.value, b.value) }
    }

    /// A property computed from three inputs.
    @inlinable
    public convenience init<A: ReadableStoreProperty, B: ReadableStoreProperty, C: ReadableStoreProperty>(
        _ a: A, _ b: B, _ c: C, compute: @escaping (A.Value, B.Value, C.Value) -> Value
    ) where Value: Equatable {
        self.init(inputs: [a.storeNode, b.storeNode, c.storeNode], isDuplicate: { $0 == $1 }) {
            compute(a.value, b.value, c.value)
        }
    }

    /// A property computed from three inputs, deduplicated with `isDuplicate`; without it every
    /// recomputation emits.
    @inlinable
    public convenience init<A: ReadableStoreProperty, B: ReadableStoreProperty, C: ReadableStoreProperty>(
        _ a: A, _ b: B, _ c: C, isDuplicate: ((Value, Value) -> Bool)? = nil,
        compute: @escaping (A.Value, B.Value, C.Value) -> Value
    ) {
        self.init(inputs: [a.storeNode, b.storeNode, c.storeNode], isDuplicate: isDuplicate) {
            compute(a.value, b.value, c.value)
        }
    }

    /// A property computed from four inputs.
    @inlinable
    public convenience init<
        A: ReadableStoreProperty, B: ReadableStoreProperty, C: ReadableStoreProperty, D: ReadableStoreProperty
    >(_ a: A, _ b: B, _ c: C, _ d: D, compute: @escaping (A.Value, B.Value, C.Value, D.Value) -> Value)
    where Value: Equatable {
        self.init(inputs: [a.storeNode, b.storeNode, c.storeNode, d.storeNode], isDuplicate: { $0 == $1 }) {
            compute(a.value, b.value, c.value, d.value)
        }
    }

    /// A property computed from four inputs, deduplicated with `isDuplicate`; without it every
    /// recomputation emits.
    @inlinable
    public convenience init<
        A: ReadableStoreProperty, B: ReadableStoreProperty, C: ReadableStoreProperty, D: ReadableStoreProperty
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, isDuplicate: ((Value, Value) -> Bool)? = nil,
        compute: @escaping (A.Value, B.Value, C.Value, D.Value) -> Value
    ) {
        self.init(inputs: [a.storeNode, b.storeNode, c.storeNode, d.storeNode], isDuplicate: isDuplicate) {
            compute(a.value, b.value, c.value, d.value)
        }
    }
}
