import Fluxer
import Testing

@testable import FileSearchCore

/// The query line, the results cache, scrolling and marks, all kept in the Fluxer's store.
@Suite struct FileSearchFluxerEditingTests {
    @Test func editsChangeTheLineAndCursorMovesSearchNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.indexed(scheduler)
        let searching = TimedRecorder(fluxer.store.isSearching, clock: scheduler)
        fluxer.action.onNext(.edit(.insert("mian")))
        fluxer.action.onNext(.edit(.left))
        fluxer.action.onNext(.edit(.left))
        #expect(fluxer.store.query.value == "mian")
        #expect(fluxer.store.cursor.value == 2)
        fluxer.action.onNext(.edit(.deleteBackward))
        fluxer.action.onNext(.edit(.right))
        fluxer.action.onNext(.edit(.insert("i")))
        #expect(fluxer.store.query.value == "main")
        #expect(fluxer.store.cursor.value == 3)
        fluxer.action.onNext(.edit(.home))
        #expect(fluxer.store.cursor.value == 0)
        scheduler.advanceTo(20)
        #expect(fluxer.store.results.value.query == "main")
        #expect(
            searching.values == [false, true, false], "one search: the typing ones were cancelled, moves start none")
        fluxer.action.onNext(.edit(.deleteToEnd))
        #expect(fluxer.store.query.value.isEmpty)
    }

    @Test func backspaceToACachedQueryIsAnsweredAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.indexed(scheduler)
        fluxer.action.onNext(.setQuery("ma"))
        scheduler.advanceTo(20)
        fluxer.action.onNext(.edit(.insert("in")))
        scheduler.advanceTo(30)
        #expect(fluxer.store.results.value.query == "main")
        fluxer.action.onNext(.edit(.deleteBackward))
        fluxer.action.onNext(.edit(.deleteBackward))
        // No clock advance: the cache answered within the send.
        #expect(fluxer.store.results.value.query == "ma")
        #expect(fluxer.store.searchLatency.value == .zero)
        #expect(!fluxer.store.isSearching.value)
    }

    @Test func typingMoreSearchesOnlyTheCachedMatches() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.indexed(scheduler)
        fluxer.action.onNext(.setQuery("s"))
        scheduler.advanceTo(20)
        let broad = fluxer.store.results.value
        #expect(broad.searched == 5)
        fluxer.action.onNext(.edit(.insert("w")))
        scheduler.advanceTo(30)
        let narrow = fluxer.store.results.value
        #expect(narrow.query == "sw")
        #expect(narrow.searched == broad.totalMatches)
        #expect(narrow.matches.map(\.path) == ["Package.swift", "src/core/main.swift", "src/core/domain.swift"])
        // Negation does not narrow: `!d` then `!do` searches everything again.
        fluxer.action.onNext(.setQuery("!d"))
        scheduler.advanceTo(40)
        fluxer.action.onNext(.edit(.insert("o")))
        scheduler.advanceTo(50)
        #expect(fluxer.store.results.value.searched == 5)
    }

    @Test func theSelectionScrollsThroughEveryMatchAPageAtATime() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.indexed(scheduler, (0..<50).map { "f\($0)" })
        fluxer.action.onNext(.setPageSize(10))
        fluxer.action.onNext(.moveSelection(9))
        #expect(fluxer.store.scrollOffset.value == 0)
        fluxer.action.onNext(.moveSelection(1))
        #expect(fluxer.store.selection.value == 10)
        #expect(fluxer.store.scrollOffset.value == 1, "the selection stays on screen")
        fluxer.action.onNext(.moveSelection(10))
        #expect(fluxer.store.scrollOffset.value == 11)
        fluxer.action.onNext(.moveSelection(-5))
        #expect(fluxer.store.selection.value == 15)
        #expect(fluxer.store.scrollOffset.value == 11, "moving up within the page does not scroll")
        fluxer.action.onNext(.moveSelection(100))
        #expect(fluxer.store.selection.value == 49)
        #expect(fluxer.store.scrollOffset.value == 40)
        fluxer.action.onNext(.setPageSize(20))
        #expect(fluxer.store.scrollOffset.value == 30, "a taller screen shows more of the end")
        fluxer.action.onNext(.setQuery("f4"))
        scheduler.advanceTo(20)
        #expect(fluxer.store.selection.value == 0)
        #expect(fluxer.store.scrollOffset.value == 0)
    }

    @Test func tabMarksSeveralPathsAndEnterChoosesThemInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let fluxer = FluxerFixture.indexed(scheduler)
        fluxer.action.onNext(.setQuery("s"))
        scheduler.advanceTo(20)
        let paths = fluxer.store.results.value.matches.map(\.path)
        #expect(fluxer.chosenPaths == [paths[0]], "nothing marked: the selection")
        fluxer.action.onNext(.toggleMark(move: 1))
        #expect(fluxer.store.selection.value == 1)
        fluxer.action.onNext(.moveSelection(1))
        fluxer.action.onNext(.toggleMark(move: -1))
        #expect(fluxer.store.selection.value == 1)
        #expect(fluxer.chosenPaths == [paths[0], paths[2]])
        // Marks stay while the query changes, and a second Tab unmarks.
        fluxer.action.onNext(.setQuery("s "))
        scheduler.advanceTo(30)
        fluxer.action.onNext(.toggleMark(move: 0))
        #expect(fluxer.chosenPaths == [paths[2]])
        #expect(fluxer.store.marked.value.count == 1)
        fluxer.action.onNext(.setQuery("nothing matches this"))
        scheduler.advanceTo(40)
        fluxer.action.onNext(.toggleMark(move: 1))
        #expect(fluxer.store.marked.value.count == 1, "no match: nothing to mark")
    }
}
