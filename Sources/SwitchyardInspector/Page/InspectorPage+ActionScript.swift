extension InspectorPage {
  /// The action list's functions: the live list and its pause, an action's detail (pretty-printed,
  /// keys sorted) and the diffs, shown a page of changes at a time so the page never grows unbounded.
  static let actionScript = #"""
    // Actions

    function receiveActions({ entries, skipped }) {
      view.actions.push(...entries);
      if (view.actions.length > view.maxActions) view.actions.splice(0, view.actions.length - view.maxActions);
      if (skipped) view.skipped = (view.skipped || 0) + skipped;
      if (entries.length) advanceNow(entries[entries.length - 1].sequence);
      // A scroll's event comes a frame after the scroll itself: under load a batch landing between
      // them would snap a reader back to the bottom, so the list's position is read here as well.
      if (!view.holding && !listAtBottom()) view.holding = true;
      // Paused, or scrolled up to read: the list holds still and counts what it has not shown.
      if (view.paused || view.holding) {
        view.unseen += entries.length;
        renderActionCount();
      } else renderActions();
      if (entries.length) {
        if (view.live) scheduleState();
        scheduleHistory();
      }
    }

    function matches(entry) {
      const prefix = $("action-filter").value.trim();
      return !prefix || entry.path === prefix || entry.path.startsWith(prefix + ".") || entry.path.startsWith(prefix);
    }

    function renderActions() {
      const list = $("action-list");
      const shown = view.actions.filter(matches).slice(-300);
      view.unseen = 0;
      list.replaceChildren(...shown.map((entry) => {
        const item = document.createElement("li");
        item.dataset.sequence = entry.sequence;
        if (entry.sequence === view.selected) item.className = "selected";
        const seq = document.createElement("span");
        seq.className = "seq";
        seq.textContent = "#" + entry.sequence;
        const path = document.createElement("span");
        path.className = "path";
        path.textContent = entry.path || "(action)";
        path.title = JSON.stringify(sortedKeys(entry.action));
        item.append(seq, path);
        item.onclick = () => selectAction(entry);
        return item;
      }));
      list.scrollTop = list.scrollHeight;
      view.shownCount = shown.length;
      renderActionCount();
    }

    function renderActionCount() {
      const skipped = view.skipped ? `, ${view.skipped.toLocaleString()} not listed under load` : "";
      const held = view.paused ? "paused" : view.holding ? "held while you read" : "";
      const unseen = held ? ` · ${held}, ${view.unseen.toLocaleString()} new` : "";
      $("action-count").textContent = `${view.shownCount || 0} shown of ${view.actions.length}${skipped}${unseen}`;
      const button = $("pause-button");
      button.textContent = view.paused ? `▶ resume${view.unseen ? ` (${view.unseen} new)` : ""}` : "❚❚ pause";
      button.classList.toggle("active", view.paused);
    }

    function setPaused(paused) {
      view.paused = paused;
      if (!paused) view.holding = false;
      if (paused) renderActionCount(); else renderActions();
    }

    // Scrolling up to read holds the list where it is; back at the bottom it catches up.
    function listScrolled() {
      const atBottom = listAtBottom();
      if (view.holding === !atBottom) return;
      view.holding = !atBottom;
      if (atBottom && !view.paused && view.unseen) renderActions(); else renderActionCount();
    }

    function listAtBottom() {
      const list = $("action-list");
      return list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    }

    function actionAt(sequence) {
      for (let index = view.actions.length - 1; index >= 0; index--) {
        const entry = view.actions[index];
        if (entry.sequence === sequence) return entry;
        if (entry.sequence < sequence) return undefined;
      }
      return undefined;
    }

    // Selecting marks the row in place (rebuilding the list would move it under the cursor) and
    // moves the state view, and the slider, to the state the action left.
    async function selectAction(entry) {
      view.selected = entry.sequence;
      for (const item of $("action-list").children) item.classList.toggle("selected", Number(item.dataset.sequence) === entry.sequence);
      showStateAfter(entry.sequence);
      // The action as JSON, the change it made, then its "what if".
      const json = document.createElement("pre");
      json.className = "action-json";
      json.textContent = pretty(entry.action);
      const change = document.createElement("div");
      change.replaceChildren(note(`#${entry.sequence} ${entry.path}: working out the change…`));
      $("action-diff").replaceChildren(json, change, whatIfControls(entry));
      try {
        const diff = await request("actionDiff", { sequence: entry.sequence });
        if (view.selected !== entry.sequence) return;
        const span = diff.to - diff.from > 1 ? ` (state kept after #${diff.from} and #${diff.to}: under load, not every state is kept)` : "";
        renderDiff(change, `#${entry.sequence} ${entry.path}${span}`, diff);
      } catch (error) {
        change.replaceChildren(note(error.message));
      }
    }

    function sortedKeys(value) {
      if (Array.isArray(value)) return value.map(sortedKeys);
      if (value === null || typeof value !== "object") return value;
      const sorted = {};
      for (const key of Object.keys(value).sort()) sorted[key] = sortedKeys(value[key]);
      return sorted;
    }

    // JSON over several lines, indented, keys sorted: the same action always reads the same.
    function pretty(value) {
      return JSON.stringify(sortedKeys(value), null, 2);
    }

    function note(text) {
      const p = document.createElement("p");
      p.className = "note";
      p.textContent = text;
      return p;
    }

    const changesPerPage = 25;

    // The first changes, then more on request, in a box of bounded height: a diff of hundreds of
    // changes must not push the state tree and the slider off the screen.
    // `initial`: how many changes to show at first, a page unless the person asked for more.
    function renderDiff(panel, title, diff, initial = changesPerPage) {
      const heading = document.createElement("div");
      heading.className = "title";
      heading.textContent = title;
      const parts = [heading];
      const body = document.createElement("div");
      body.className = "changes";
      parts.push(body);
      if (!diff.changes.length) body.append(note("No change to the state."));
      let shown = 0;
      const more = document.createElement("button");
      more.className = "secondary more";
      const showMore = (count = changesPerPage) => {
        for (const change of diff.changes.slice(shown, shown + count)) body.append(changeRow(change));
        shown = Math.min(diff.changes.length, shown + count);
        panel.dataset.shown = shown;
        const left = diff.changes.length - shown;
        more.hidden = left === 0;
        more.textContent = `show ${Math.min(left, changesPerPage)} more (${left} not shown)`;
      };
      more.onclick = () => showMore();
      const scrolled = panel.querySelector(".changes")?.scrollTop ?? 0;
      showMore(Math.max(changesPerPage, initial || 0));
      parts.push(more);
      if (diff.truncated) parts.push(note(`The diff was cut short at ${diff.changes.length} changes.`));
      panel.replaceChildren(...parts);
      body.scrollTop = scrolled;
    }

    function changeRow(change) {
      const row = document.createElement("div");
      row.className = "change " + change.kind;
      const path = document.createElement("b");
      path.textContent = (change.path || "(root)") + "  ";
      row.append(path);
      if (change.kind !== "added") row.append(valueSpan(change.before, "before"));
      if (change.kind === "changed") row.append(" → ");
      if (change.kind !== "removed") row.append(valueSpan(change.after, "after"));
      return row;
    }

    function valueSpan(value, className) {
      const span = document.createElement("span");
      span.className = className;
      const text = JSON.stringify(value);
      span.textContent = text.length > 400 ? text.slice(0, 400) + "…" : text;
      if (text.length > 400) span.title = `${text.length.toLocaleString()} characters; follow its path in the state tree to see it all`;
      return span;
    }

    """#
}
