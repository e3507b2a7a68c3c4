// Generated from README.md by scripts/readme_snippets.py. Do not edit.
import Testing

/// Runs every README.md block that is a statement list or a parameterless function:
/// a block that compiles but traps (a failed `assert`) fails here.
@Suite struct ReadmeSnippetTests {
    @MainActor @Test func readmeBlockAtLine95Runs() throws { tourOfOperators() }
    @MainActor @Test func readmeBlockAtLine136Runs() throws { try tourOfSubjects() }
    @MainActor @Test func readmeBlockAtLine217Runs() throws { tourOfTraits() }
    @MainActor @Test func readmeBlockAtLine415Runs() throws { signUpEnablesSubmit() }
    @MainActor @Test func readmeBlockAtLine464Runs() throws { redrawWhenTheCountChanges() }
    @MainActor @Test func readmeBlockAtLine575Runs() throws { testDebounceOnVirtualTime() }
    @MainActor @Test func readmeBlockAtLine612Runs() throws { testCounterViewWithStub() }
    @MainActor @Test func readmeBlockAtLine635Runs() throws { testCounterStepByStep() }
}
