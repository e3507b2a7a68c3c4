// Generated from README.md by scripts/readme_snippets.py. Do not edit.
import Testing

/// Runs every README.md block that is a statement list or a parameterless function:
/// a block that compiles but traps (a failed `assert`) fails here.
@Suite struct ReadmeSnippetTests {
    @MainActor @Test func readmeBlockAtLine81Runs() throws { tourOfOperators() }
    @MainActor @Test func readmeBlockAtLine121Runs() throws { try tourOfSubjects() }
    @MainActor @Test func readmeBlockAtLine200Runs() throws { tourOfTraits() }
    @MainActor @Test func readmeBlockAtLine395Runs() throws { signUpEnablesSubmit() }
    @MainActor @Test func readmeBlockAtLine444Runs() throws { redrawWhenTheCountChanges() }
    @MainActor @Test func readmeBlockAtLine553Runs() throws { testDebounceOnVirtualTime() }
    @MainActor @Test func readmeBlockAtLine582Runs() throws { testCounterViewWithStub() }
    @MainActor @Test func readmeBlockAtLine605Runs() throws { testCounterStepByStep() }
}
