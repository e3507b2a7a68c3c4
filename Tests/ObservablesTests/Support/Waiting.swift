import Dispatch
import Foundation
import TestSupport

/// Runs `body` on `count` threads of its own (not a pool that may run them one after another),
/// passing each its index; `false` if they did not all finish within `timeout` seconds (a
/// deadlock), instead of hanging the test run.
func onOwnThreads(_ count: Int, timeout: TimeInterval = hangLimit, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    return group.wait(timeout: .now() + timeout) == .success
}

/// Marks a Dispatch queue so tests can ask "am I running on it?".
final class QueueMarker: @unchecked Sendable {
    // @unchecked: immutable after init; DispatchSpecificKey is only read through Dispatch.
    private let key = DispatchSpecificKey<UInt8>()

    init(_ queue: DispatchQueue) {
        queue.setSpecific(key: key, value: 1)
    }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }
}
