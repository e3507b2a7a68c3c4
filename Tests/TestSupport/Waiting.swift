import Dispatch
import Foundation

/// How long, in seconds, a test waits for what only a hang would keep from happening: a thread
/// that must finish, a gate that must open, a condition that must come true. It bounds a hang,
/// not speed: a passing wait returns as soon as its condition holds, and under the thread
/// sanitizer, with other suites' threads sharing two cores, a wait that takes a second alone
/// can take a minute.
public let hangLimit: Double = 300

/// Blocks the calling thread until `condition` holds, at most `timeout` seconds; returns whether
/// it held. On the main thread it runs the main run loop while waiting (that is what drains the
/// main queue on Linux when nothing else does); elsewhere it sleeps a millisecond between checks.
public func waitUntil(timeout: Double = hangLimit, _ condition: () -> Bool) -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
    while !condition() {
        if DispatchTime.now().uptimeNanoseconds >= deadline { return false }
        if Thread.isMainThread {
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.005))
        } else {
            usleep(1_000)
        }
    }
    return true
}

/// Suspends until `condition` holds, at most `timeout` seconds, checking every millisecond;
/// returns whether it held. The default is longer than ``waitUntil(timeout:_:)``'s because each
/// check waits for a thread of the task pool (one per core), which takes jobs first in, first out
/// behind every test the run has not yet started: the suites that block their threads run off the
/// pool (``BlocksItsThreadTrait``), but under the thread sanitizer the light tests alone keep it
/// busy for minutes.
public func eventually(timeout: Double = 600, _ condition: () -> Bool) async -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
    while !condition() {
        if DispatchTime.now().uptimeNanoseconds >= deadline { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}
