import Synchronization

/// Which Fluxer's store a member belongs to, for the store's write rule: while a Fluxer runs,
/// its store is written only by its own `updateStore(dispatcher:)` (or by a test with the stub
/// enabled). A write from anywhere else (a view, `dispatch(action:)`, a stream, a direct call of
/// `updateStore`) would change state behind the pipeline's back: in debug builds it stops the
/// program with a message naming the property and the rule.
///
/// The engine binds the members it finds in the Fluxer's `store` (stored properties, also in
/// nested structs and tuples) when the pipeline starts, in debug builds.
final class StoreOwnership: Sendable {
    let transaction: StoreTransaction
    /// The member's path, e.g. `CounterFluxer.store.count`.
    let path: String

    init(transaction: StoreTransaction, path: String) {
        self.transaction = transaction
        self.path = path
    }

    /// The message of a broken write rule.
    var violation: String {
        "\(path) was written outside updateStore(dispatcher:) while its Fluxer runs: a Fluxer's store "
            + "is written only by its updateStore. Send an action instead (fluxer.action.onNext(...)); "
            + "a view test that sets store values enables fluxer.isStubEnabled first"
    }
}

/// A member of a Fluxer's store: a ``StoreProperty``, ``DerivedProperty`` or ``Pulse``.
protocol StoreMember: AnyObject {
    /// Binds the member to its Fluxer (first binding wins).
    func bind(_ ownership: StoreOwnership)
}

/// Finds the members of a store value.
@usableFromInline
enum StoreMembers {
    /// Every member reachable from `store` through stored properties of structs, tuples,
    /// optionals and arrays (and of the store itself when it is a class), with its path below
    /// `root` (`store.values.3` for an array element).
    static func collect(in store: Any, root: String) -> [(path: String, member: any StoreMember)] {
        var found: [(path: String, member: any StoreMember)] = []
        visit(store, path: root, depth: 0, into: &found)
        return found
    }

    private static func visit(
        _ value: Any, path: String, depth: Int, into found: inout [(path: String, member: any StoreMember)]
    ) {
        if let member = value as? any StoreMember {
            found.append((path, member))
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .tuple?, .optional?, .collection?: break
        case .class? where depth == 0: break
        default: return
        }
        guard depth < 4 else { return }
        for (index, child) in mirror.children.enumerated() {
            let name = child.label ?? "\(index)"
            let childPath = mirror.displayStyle == .optional ? path : "\(path).\(name)"
            visit(child.value, path: childPath, depth: depth + 1, into: &found)
        }
    }

    /// Binds the members of `store` to `transaction` (debug builds only: the rule is checked
    /// there).
    @usableFromInline
    static func bind(store: Any, of fluxer: Any.Type, to transaction: StoreTransaction) {
        #if DEBUG
            for (path, member) in collect(in: store, root: "\(fluxer).store") {
                member.bind(StoreOwnership(transaction: transaction, path: path))
            }
        #endif
    }
}

/// A member's binding, checked on writes made outside any `updateStore`.
@usableFromInline
struct StoreOwnerSlot: ~Copyable, Sendable {
    let reference = AtomicLazyReference<StoreOwnership>()

    @usableFromInline
    init() {}

    func bind(_ ownership: StoreOwnership) {
        _ = reference.storeIfNil(ownership)
    }

    /// Stops the program (debug builds) when a write from outside `updateStore` breaks the rule.
    func checkOutsideWrite() {
        #if DEBUG
            guard let ownership = reference.load(), ownership.transaction.forbidsOutsideWrites else { return }
            assertionFailure(ownership.violation)
        #endif
    }
}
