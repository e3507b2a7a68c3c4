import Testing

@testable import Fluxer

@Suite struct StorePropertyTests {
    @Test func subscriberGetsCurrentValueThenChanges() {
        let bag = DisposeBag()
        let count = StoreProperty(5)
        let seen = record(count, in: bag)
        #expect(seen.values == [5])
        count.value = 6
        count.accept(7)
        #expect(seen.values == [5, 6, 7])
        #expect(count.value == 7)
    }

    @Test func equatableValuesSkipEqualWrites() {
        let bag = DisposeBag()
        let count = StoreProperty(0)
        let seen = record(count, in: bag)
        for value in [0, 0, 1, 1, 2, 1] { count.value = value }
        #expect(seen.values == [0, 1, 2, 1])
    }

    @Test func customComparerDecidesWhatIsDuplicate() {
        let bag = DisposeBag()
        let name = StoreProperty("a", isDuplicate: { $0.lowercased() == $1.lowercased() })
        let seen = record(name, in: bag)
        for value in ["A", "b", "B", "c"] { name.value = value }
        #expect(seen.values == ["a", "b", "c"])
        #expect(name.value == "c")
    }

    @Test func nonEquatableValuesEmitEveryWrite() {
        struct Box { let n: Int }
        let bag = DisposeBag()
        let box = StoreProperty(Box(n: 1))
        let seen = record(box, in: bag)
        box.value = Box(n: 1)
        box.value = Box(n: 1)
        #expect(seen.values.map(\.n) == [1, 1, 1])
    }

    @Test func emptyPropertyMakesObserversWaitForTheFirstWrite() {
        let bag = DisposeBag()
        let user = StoreProperty<String>()
        let seen = record(user, in: bag)
        #expect(seen.values.isEmpty)
        #expect(user.valueIfPresent == nil)
        user.value = "ann"
        user.value = "ann"
        #expect(seen.values == ["ann"])
        #expect(user.valueIfPresent == "ann")
        let late = record(user, in: bag)
        #expect(late.values == ["ann"])
    }

    @Test func readingAnEmptyPropertyStopsWithTheRuleInEveryBuild() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = StoreProperty<String>().value
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("StoreProperty<String>.value read before its first write"))
            #expect(message.contains("read valueIfPresent, or give it an initial value"))
        }
    }

    @Test func aDerivedPropertyOverAnEmptyPropertyStopsWithAMessageNamingTheRule() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let user = StoreProperty<String>()
            _ = DerivedProperty(user) { $0.count }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("an empty property cannot be its input: use a StoreProperty<String?> holding nil"))
        }
    }

    @Test func reentrantWriteIsQueuedNotNested() {
        let bag = DisposeBag()
        let count = StoreProperty(0)
        let log = Recorder<String>()
        count.subscribe(onNext: { value in
            log.append("first start \(value)")
            if value == 1 {
                count.value = 2
                // read after write holds even though delivery of 2 is queued
                log.append("read \(count.value)")
            }
            log.append("first end \(value)")
        }).disposed(by: bag)
        count.subscribe(onNext: { log.append("second \($0)") }).disposed(by: bag)
        count.value = 1
        #expect(
            log.values == [
                "first start 0", "first end 0", "second 0",
                "first start 1", "read 2", "first end 1", "second 1",
                "first start 2", "first end 2", "second 2",
            ])
    }

    @Test func subscriberDuringQueuedWriteSeesValuesInOrderOnce() {
        let bag = DisposeBag()
        let count = StoreProperty(0)
        let late = Recorder<Int>()
        // `weak bag`: the bag holds this observer, so a strong capture would keep both alive.
        count.subscribe(onNext: { [weak bag] value in
            if value == 1, let bag {
                count.value = 2
                count.subscribe(onNext: { late.append($0) }).disposed(by: bag)
            }
        }).disposed(by: bag)
        count.value = 1
        #expect(late.values == [1, 2])
    }

    @Test func disposedObserverGetsNothingMore() {
        let count = StoreProperty(0)
        let seen = Recorder<Int>()
        let subscription = count.subscribe(onNext: { seen.append($0) })
        count.value = 1
        subscription.dispose()
        count.value = 2
        #expect(seen.values == [0, 1])
        #expect(!count.hasObservers)
    }
}

@Suite struct PulseTests {
    @Test func everyWriteEmitsEvenEqualValues() {
        let bag = DisposeBag()
        let alert = Pulse<String>()
        let seen = record(alert, in: bag)
        alert.accept("a")
        alert.accept("a")
        alert.accept("b")
        #expect(seen.values == ["a", "a", "b"])
    }

    @Test func lateSubscriberGetsNothingUntilTheNextWrite() {
        let bag = DisposeBag()
        let alert = Pulse<String>()
        alert.accept("old")
        let seen = record(alert, in: bag)
        #expect(seen.values.isEmpty)
        alert.accept("new")
        #expect(seen.values == ["new"])
    }
}
