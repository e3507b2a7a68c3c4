// Generated from README.md by scripts/readme_snippets.py. Do not edit.
import Testing

/// Runs every README.md block that is a statement list or a parameterless function:
/// a block that compiles but traps (a failed `assert`) fails here.
@Suite struct ReadmeSnippetTests {
    @MainActor @Test func readmeBlockAtLine94Runs() throws { tourOfOperators() }
    @MainActor @Test func readmeBlockAtLine135Runs() throws { try tourOfSubjects() }
    @MainActor @Test func readmeBlockAtLine216Runs() throws { tourOfTraits() }
    @MainActor @Test func readmeBlockAtLine414Runs() throws { signUpEnablesSubmit() }
    @MainActor @Test func readmeBlockAtLine463Runs() throws { redrawWhenTheCountChanges() }
    @MainActor @Test func readmeBlockAtLine574Runs() throws { testDebounceOnVirtualTime() }
    @MainActor @Test func readmeBlockAtLine611Runs() throws { testCounterViewWithStub() }
    @MainActor @Test func readmeBlockAtLine634Runs() throws { testCounterStepByStep() }
}
