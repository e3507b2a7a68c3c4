/// The smallest honest hand-written subject: a final class holding an array of closures with a
/// token for removal. No locking, no re-entrancy protection, no grammar, no operators beyond
/// closure composition. This is the floor each workload is compared with.
final class MinimalSubject<Element> {
    private var observers: [(token: Int, handler: (Element) -> Void)] = []
    private var nextToken = 0

    func subscribe(_ handler: @escaping (Element) -> Void) -> Int {
        let token = nextToken
        nextToken += 1
        observers.append((token, handler))
        return token
    }

    func unsubscribe(_ token: Int) {
        if let index = observers.firstIndex(where: { $0.token == token }) {
            observers.remove(at: index)
        }
    }

    func send(_ value: Element) {
        for observer in observers { observer.handler(value) }
    }
}
