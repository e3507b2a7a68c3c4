// Generated from README.md by scripts/readme_snippets.py. Do not edit.
import Testing

/// Runs every README.md block that is a statement list or a parameterless function:
/// a block that compiles but traps (a failed `assert`) fails here.
@Suite struct ReadmeSnippetTests {
    @MainActor @Test func readmeBlockAtLine91Runs() throws { tourOfOperators() }
    @MainActor @Test func readmeBlockAtLine131Runs() throws { try tourOfSubjects() }
    @MainActor @Test func readmeBlockAtLine210Runs() throws { tourOfTraits() }
    @MainActor @Test func readmeBlockAtLine405Runs() throws { signUpEnablesSubmit() }
    @MainActor @Test func readmeBlockAtLine454Runs() throws { redrawWhenTheCountChanges() }
    @MainActor @Test func readmeBlockAtLine563Runs() throws { testDebounceOnVirtualTime() }
    @MainActor @Test func readmeBlockAtLine592Runs() throws { testCounterViewWithStub() }
    @MainActor @Test func readmeBlockAtLine615Runs() throws { testCounterStepByStep() }
}
