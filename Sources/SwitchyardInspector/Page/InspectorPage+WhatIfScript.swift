extension InspectorPage {
  /// The "what if" box under a selected action: edit the action (or leave it out), replay it and
  /// the actions after it through a chosen one on copies, and see how the state would differ.
  static let whatIfScript = #"""
    // What if

    function whatIfControls(entry) {
      const box = document.createElement("details");
      box.className = "what-if";
      const summary = document.createElement("summary");
      summary.textContent = `What if #${entry.sequence} had been different?`;
      const text = document.createElement("textarea");
      text.className = "what-if-text";
      text.rows = 6;
      text.spellcheck = false;
      text.value = pretty(entry.action);
      const through = document.createElement("input");
      Object.assign(through, { type: "number", min: entry.sequence, value: entry.sequence, className: "what-if-through" });
      through.title = "replay the actions after it too, up to this one";
      const edited = document.createElement("button");
      edited.className = "what-if-replay";
      edited.textContent = "Replay with this action";
      const skipped = document.createElement("button");
      skipped.className = "secondary what-if-skip";
      skipped.textContent = "Replay without it";
      const result = document.createElement("div");
      result.className = "what-if-result diff";
      const run = async (withText) => {
        result.replaceChildren(note("replaying on a copy…"));
        try {
          const last = Number(through.value) || entry.sequence;
          // The page's own actions, from the state history holds before this one: they may reach
          // further back than the server's recent ones.
          const kept = view.history.sequences;
          const base = kept ? Math.max(-1, ...kept.filter((s) => s < entry.sequence)) : entry.sequence - 1;
          const seen = view.actions.filter((a) => a.sequence > base && a.sequence <= last).slice(0, 1001);
          const fields = { sequence: entry.sequence, through: last, seen };
          if (withText) fields.text = text.value;
          const diff = await request("whatIf", fields);
          const what = withText ? "edited" : "left out";
          const span = diff.through > diff.sequence ? `, then through #${diff.through}` : "";
          renderDiff(result, `#${diff.sequence} ${what}${span}: ${diff.replayed} actions replayed from the state after #${diff.from}, `
            + "on a copy (the live state and the journal are untouched); the state would differ by:", diff);
        } catch (error) {
          result.replaceChildren(note(error.message));
        }
      };
      edited.onclick = () => run(true);
      skipped.onclick = () => run(false);
      const row = document.createElement("div");
      row.className = "row small";
      row.append(edited, skipped, document.createTextNode("through #"), through);
      box.append(summary, text, row, result);
      return box;
    }

    """#
}
