// Generated from README.md by scripts/readme_snippets.py. Do not edit.
import Testing

/// Runs every README.md block that is a statement list or a parameterless function:
/// a block that compiles but traps (a failed `assert`) fails here.
@Suite struct ReadmeSnippetTests {
    @MainActor @Test func readmeBlockAtLine73Runs() throws { tourOfOperators() }
    @MainActor @Test func readmeBlockAtLine114Runs() throws { try tourOfSubjects() }
    @MainActor @Test func readmeBlockAtLine193Runs() throws { tourOfTraits() }
    @MainActor @Test func readmeBlockAtLine388Runs() throws { signUpEnablesSubmit() }
    @MainActor @Test func readmeBlockAtLine437Runs() throws { redrawWhenTheCountChanges() }
    @MainActor @Test func readmeBlockAtLine547Runs() throws { testDebounceOnVirtualTime() }
    @MainActor @Test func readmeBlockAtLine580Runs() throws { testCounterViewWithStub() }
    @MainActor @Test func readmeBlockAtLine603Runs() throws { testCounterStepByStep() }
}
