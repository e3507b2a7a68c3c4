/// An event of the source at `index` (whose subscription has `key`), for operators over a
/// collection of sources.
@usableFromInline
struct IndexedEvent<Element> {
    @usableFromInline let index: Int
    @usableFromInline let key: CompositeDisposable.DisposeKey
    @usableFromInline let event: Event<Element>

    @inlinable
    init(index: Int, key: CompositeDisposable.DisposeKey, event: Event<Element>) {
        self.index = index
        self.key = key
        self.event = event
    }
}
