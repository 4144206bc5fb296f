import LedgerCore
import Testing

@Suite("Did you mean: the near names of a word that names nothing")
struct NearMissTests {
    @Test("a swapped pair, a missing or an extra letter is one edit")
    func oneEdit() {
        #expect(NearMiss.distance(Array("lgo"), Array("log")) == 1)
        #expect(NearMiss.distance(Array("reding"), Array("reading")) == 1)
        #expect(NearMiss.distance(Array("readingg"), Array("reading")) == 1)
        #expect(NearMiss.distance(Array("meal"), Array("wake")) == 4)
        #expect(NearMiss.distance(Array(""), Array("log")) == 3)
    }

    @Test("closest first; a prefix wins; nothing far away is offered")
    func candidates() {
        let types = ["exercise", "meal", "reading", "sleep", "wake"]
        #expect(NearMiss.candidates(for: "reding", among: types) == ["reading"])
        #expect(NearMiss.candidates(for: "slep", among: types) == ["sleep"])
        #expect(NearMiss.candidates(for: "ex", among: types) == ["exercise"])
        #expect(NearMiss.candidates(for: "coffee", among: types).isEmpty)
        #expect(NearMiss.candidates(for: "", among: types).isEmpty)
        #expect(NearMiss.candidates(for: "lgo", among: ["list", "log", "logs"]).first == "log")
    }
}
