// Generated from README.md by scripts/readme_snippets.py. Do not edit.
import Testing

/// Runs every README.md block that is a statement list or a parameterless function:
/// a block that compiles but traps (a failed `assert`) fails here.
@Suite struct ReadmeSnippetTests {
    @MainActor @Test func readmeBlockAtLine91Runs() throws { tourOfOperators() }
    @MainActor @Test func readmeBlockAtLine132Runs() throws { try tourOfSubjects() }
    @MainActor @Test func readmeBlockAtLine211Runs() throws { tourOfTraits() }
    @MainActor @Test func readmeBlockAtLine406Runs() throws { signUpEnablesSubmit() }
    @MainActor @Test func readmeBlockAtLine455Runs() throws { redrawWhenTheCountChanges() }
    @MainActor @Test func readmeBlockAtLine565Runs() throws { testDebounceOnVirtualTime() }
    @MainActor @Test func readmeBlockAtLine598Runs() throws { testCounterViewWithStub() }
    @MainActor @Test func readmeBlockAtLine621Runs() throws { testCounterStepByStep() }
}
