import Testing

@testable import SwitchyardDurability
@testable import SwitchyardRuntime

@Suite struct EffectsInFlightTests {
  @Test func endedEffectsLeaveAndTheirSlotsAreTakenAgain() {
    var table = EffectsInFlight()
    let first = table.insert(EffectIdentity(action: 1, index: 0))
    let second = table.insert(EffectIdentity(action: 1, index: 1))
    let third = table.insert(EffectIdentity(action: 2, index: 0))
    #expect(Set([first, second, third]).count == 3)
    table.remove(at: second)
    #expect(table.identities.sorted() == [EffectIdentity(action: 1, index: 0), EffectIdentity(action: 2, index: 0)])
    #expect(table.insert(EffectIdentity(action: 3, index: 0)) == second)
    table.remove(at: first)
    table.remove(at: third)
    #expect(table.identities == [EffectIdentity(action: 3, index: 0)])
  }

  @Test func manyEffectsStartingAndEndingInTurnKeepTheTableAsLargeAsTheMostInFlightAtOnce() {
    var table = EffectsInFlight()
    var slots: [Int] = []
    for index in 0..<64 { slots.append(table.insert(EffectIdentity(action: 1, index: index))) }
    for round in 2..<100 {
      for (position, slot) in slots.enumerated() {
        table.remove(at: slot)
        slots[position] = table.insert(EffectIdentity(action: UInt64(round), index: position))
      }
    }
    #expect(Set(slots) == Set(0..<64))
    #expect(table.identities.sorted() == (0..<64).map { EffectIdentity(action: 99, index: $0) })
  }
}
