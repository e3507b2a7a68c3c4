/// A variable of one operator stage that the stage's event closure reads and writes for every
/// element: a count (`take`, `skip`, `enumerated`), the last element (`distinctUntilChanged`).
///
/// A `var` captured by an escaping closure is checked for exclusive access at run time on every
/// read and write (`swift_beginAccess`, about a quarter of `distinctUntilChanged`'s cost per
/// element). Here the check cannot fire: a stage's events never overlap (the event grammar,
/// serialized by whoever sends them), and each access is a plain read or assignment that runs no
/// other code while it lasts, so even a re-entrant event that reaches the same stage from the
/// downstream `onNext` finds no access in progress. Stages whose update runs user code during the
/// access (`scan(into:)`'s `inout` accumulator) keep a checked captured `var`.
@usableFromInline
final class StageVariable<Value> {
    @exclusivity(unchecked) @usableFromInline var value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
