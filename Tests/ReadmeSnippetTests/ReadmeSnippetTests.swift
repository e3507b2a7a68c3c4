// Generated from README.md by scripts/readme_snippets.py. Do not edit.
import Testing

/// Runs every README.md block that is a statement list or a parameterless function:
/// a block that compiles but traps (a failed `assert`) fails here.
@Suite struct ReadmeSnippetTests {
    @MainActor @Test func readmeBlockAtLine96Runs() throws { tourOfOperators() }
    @MainActor @Test func readmeBlockAtLine137Runs() throws { try tourOfSubjects() }
    @MainActor @Test func readmeBlockAtLine218Runs() throws { tourOfTraits() }
    @MainActor @Test func readmeBlockAtLine440Runs() throws { signUpEnablesSubmit() }
    @MainActor @Test func readmeBlockAtLine489Runs() throws { redrawWhenTheCountChanges() }
    @MainActor @Test func readmeBlockAtLine613Runs() throws { testDebounceOnVirtualTime() }
    @MainActor @Test func readmeBlockAtLine650Runs() throws { testCounterViewWithStub() }
    @MainActor @Test func readmeBlockAtLine673Runs() throws { testCounterStepByStep() }
}
