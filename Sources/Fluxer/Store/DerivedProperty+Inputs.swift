/// The typed fronts of ``DerivedProperty``, 1 to 4 inputs. With an `Equatable` value a
/// recomputation equal to the current value emits nothing; otherwise every recomputation emits.
/// Each front only names its inputs; one implementation serves them all.
extension DerivedProperty {
    /// A property computed from `input`.
    @inlinable
    public convenience init<A: ReadableStoreProperty>(_ input: A, compute: @escaping (A.Value) -> Value)
    where Value: Equatable {
        self.init(inputs: [input.storeNode], isDuplicate: { $0 == $1 }) { compute(input.value) }
    }

    /// A property computed from `input`; every recomputation emits (`Value` is not `Equatable`).
    @inlinable
    public convenience init<A: ReadableStoreProperty>(_ input: A, compute: @escaping (A.Value) -> Value) {
        self.init(inputs: [input.storeNode], isDuplicate: nil) { compute(input.value) }
    }

    /// A property computed from two inputs.
    @inlinable
    public convenience init<A: ReadableStoreProperty, B: ReadableStoreProperty>(
        _ a: A, _ b: B, compute: @escaping (A.Value, B.Value) -> Value
    ) where Value: Equatable {
        self.init(inputs: [a.storeNode, b.storeNode], isDuplicate: { $0 == $1 }) { compute(a.value, b.value) }
    }

    /// A property computed from two inputs; every recomputation emits.
    @inlinable
    public convenience init<A: ReadableStoreProperty, B: ReadableStoreProperty>(
        _ a: A, _ b: B, compute: @escaping (A.Value, B.Value) -> Value
    ) {
        self.init(inputs: [a.storeNode, b.storeNode], isDuplicate: nil) { compute(a.value, b.value) }
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

    /// A property computed from three inputs; every recomputation emits.
    @inlinable
    public convenience init<A: ReadableStoreProperty, B: ReadableStoreProperty, C: ReadableStoreProperty>(
        _ a: A, _ b: B, _ c: C, compute: @escaping (A.Value, B.Value, C.Value) -> Value
    ) {
        self.init(inputs: [a.storeNode, b.storeNode, c.storeNode], isDuplicate: nil) {
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

    /// A property computed from four inputs; every recomputation emits.
    @inlinable
    public convenience init<
        A: ReadableStoreProperty, B: ReadableStoreProperty, C: ReadableStoreProperty, D: ReadableStoreProperty
    >(_ a: A, _ b: B, _ c: C, _ d: D, compute: @escaping (A.Value, B.Value, C.Value, D.Value) -> Value) {
        self.init(inputs: [a.storeNode, b.storeNode, c.storeNode, d.storeNode], isDuplicate: nil) {
            compute(a.value, b.value, c.value, d.value)
        }
    }
}
