// IdleMemory: the resident memory of a process that uses Observables and Fluxer, once it has
// set up a store, run an action through it and moved a value across a Dispatch queue, then sits
// idle. Linux only (it reads /proc/self).
//
//     swift run -c release IdleMemory               # prints the resident set and what is loaded
//     swift run -c release IdleMemory --check 10.5  # exits 1 above 10.5 MB or with Foundation loaded
//
// The check guards the performance issue's idle-memory target: the libraries must not pull
// Foundation (three more shared libraries, about 8 MB) into every process that uses them.

import Dispatch
import Fluxer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class IdleFluxer: Fluxer {
    enum Action { case add(Int) }
    enum Dispatcher: Sendable { case add(Int) }
    struct Store {
        let total = StoreProperty(0)
    }
    let store = Store()
    let pipeline = FluxerPipeline<Action, Dispatcher>()

    func dispatch(action: Action) throws -> Observable<Dispatcher> {
        switch action {
        case .add(let amount): return .just(.add(amount))
        }
    }

    func updateStore(dispatcher: Dispatcher) throws {
        switch dispatcher {
        case .add(let amount): store.total.value += amount
        }
    }
}

/// The lines of a /proc/self file.
func procLines(_ name: String) -> [String] {
    guard let file = fopen("/proc/self/\(name)", "r") else { return [] }
    defer { fclose(file) }
    var lines: [String] = []
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        lines.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return lines
}

// Use the libraries the way an app does: a store driven by an action, an operator chain, and a
// value delivered on a background queue.
let fluxer = IdleFluxer()
let bag = DisposeBag()
var seen = 0
fluxer.store.total.subscribe(onNext: { seen = $0 }).disposed(by: bag)
fluxer.action.onNext(.add(2))
let delivered = DispatchSemaphore(value: 0)
let subject = PublishSubject<Int>()
subject.map { $0 * 2 }.filter { $0 > 0 }
    .observe(on: SerialDispatchQueueScheduler(qos: .utility))
    .subscribe(onNext: { _ in delivered.signal() })
    .disposed(by: bag)
subject.onNext(seen)
delivered.wait()
precondition(seen == 2, "the store did not apply the action")

let residentKB =
    procLines("status").first { $0.hasPrefix("VmRSS:") }
    .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? -1
let libraries = Set(
    procLines("maps").compactMap { line -> String? in
        guard let path = line.split(whereSeparator: { $0 == " " || $0 == "\n" }).last, path.contains(".so") else {
            return nil
        }
        return String(path.split(separator: "/").last ?? path)
    })
// Any of Foundation's libraries, FoundationEssentials included (alone it adds 1.7 MB).
let foundation = libraries.filter { $0.hasPrefix("libFoundation") }
let megabytes = Double(residentKB) / 1024
print("idle resident memory: \((megabytes * 10).rounded() / 10) MB")
print(
    "Swift libraries loaded: \(libraries.filter { $0.hasPrefix("libswift") || $0.hasPrefix("libFoundation") || $0.hasPrefix("libdispatch") }.sorted().joined(separator: ", "))"
)

let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--check") {
    guard index + 1 < arguments.count, let limit = Double(arguments[index + 1]) else {
        print("usage: IdleMemory [--check MEGABYTES]")
        exit(2)
    }
    var failed = false
    if !foundation.isEmpty {
        print(
            "FAIL: Foundation is loaded (\(foundation.sorted().joined(separator: ", "))): the libraries must not import it"
        )
        failed = true
    }
    if residentKB < 0 || megabytes > limit {
        print("FAIL: \(megabytes) MB resident, above the \(limit) MB limit")
        failed = true
    }
    if failed { exit(1) }
    print("ok: at most \(limit) MB, no Foundation")
}
_ = bag
