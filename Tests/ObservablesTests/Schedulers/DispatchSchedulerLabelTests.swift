import Dispatch
import Testing

@testable import Observables

@Suite struct DispatchSchedulerLabelTests {
    /// RxSwift's `qos:` form names its queue `rx.global_dispatch_queue.serial` (seen in a
    /// debugger, a crash log, or a test that checks the label).
    @Test func theQoSFormUsesRxSwiftsLabel() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        #expect(scheduler.configuration.queue.label == "rx.global_dispatch_queue.serial")
        let named = SerialDispatchQueueScheduler(qos: .utility, internalSerialQueueName: "search")
        #expect(named.configuration.queue.label == "search")
    }
}
