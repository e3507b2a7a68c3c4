// Generated from README.md line 650 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observables

@MainActor
func testCounterViewWithStub() {
    let fluxer = CounterFluxer()
    fluxer.isStubEnabled = true
    let view = CounterView()
    view.fluxer = fluxer
    view.taps.accept(())
    assert(fluxer.stub.actions.count == 1)
    fluxer.store.count.value = 42
    assert(view.label == "42")
}
