// Generated from README.md by scripts/readme_snippets.py. Do not edit.
import Testing

/// Runs every README.md block that is a statement list or a parameterless function:
/// a block that compiles but traps (a failed `assert`) fails here.
@Suite struct ReadmeSnippetTests {
    @MainActor @Test func readmeBlockAtLine66Runs() throws { tourOfOperators() }
    @MainActor @Test func readmeBlockAtLine107Runs() throws { try tourOfSubjects() }
    @MainActor @Test func readmeBlockAtLine186Runs() throws { tourOfTraits() }
    @MainActor @Test func readmeBlockAtLine381Runs() throws { signUpEnablesSubmit() }
    @MainActor @Test func readmeBlockAtLine430Runs() throws { redrawWhenTheCountChanges() }
    @MainActor @Test func readmeBlockAtLine540Runs() throws { testDebounceOnVirtualTime() }
    @MainActor @Test func readmeBlockAtLine573Runs() throws { testCounterViewWithStub() }
}
