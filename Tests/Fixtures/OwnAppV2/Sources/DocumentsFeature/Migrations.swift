import SwitchyardApplication

extension Documents {
  /// How what version 1 journaled reads in version 2: documents gained tags, and `counted` is
  /// now `wordsCounted`.
  public static let migrations = [
    Migration(
      from: 1,
      state: { state in
        state.updating(["documents"]) { documents in
          documents.updatingEach { document in document.addingField("tags", []) }
        }
      },
      action: { action in action.renamingCase("counted", to: "wordsCounted") }
    )
  ]
}
