extension InspectorPage {
  /// The state panel's functions: the collapsible tree, the history slider and pinned diffs.
  static let stateScript = #"""
    // State and history

    function scheduleState() {
      if (view.stateTimer) return;
      view.stateTimer = setTimeout(() => { view.stateTimer = null; requestLiveState(); }, 300);
    }

    const requestLiveState = oneAtATime(() => requestState());

    // Only the latest request's answer is shown: a slow rebuild of a past state that arrives after
    // the person went live, or clicked another action, is dropped.
    async function requestState(sequence) {
      if (sequence === undefined && !view.live) return;
      const ticket = view.stateTicket = (view.stateTicket || 0) + 1;
      try {
        const message = await request("state", sequence === undefined ? {} : { sequence });
        if (ticket !== view.stateTicket || (sequence === undefined && !view.live)) return;
        if (message.live) advanceNow(message.sequence);
        view.shownSequence = message.sequence;
        view.state = message.state;
        $("state-sequence").textContent = (message.live ? "live, after #" : "after #") + message.sequence;
        renderTree();
        renderPinnedDiff();
      } catch (error) {
        $("state-tree").replaceChildren(note(error.message));
      }
    }

    function scheduleHistory() {
      if (view.historyTimer) return;
      view.historyTimer = setTimeout(() => { view.historyTimer = null; requestHistoryOnce(); }, 500);
    }

    const requestHistoryOnce = oneAtATime(() => requestHistory());

    // A ring of recent states sends their numbers, and the slider steps through them; a journal
    // sends its range, and the slider's positions are sequence numbers.
    async function requestHistory() {
      try {
        const message = await request("history");
        const slider = $("history-slider");
        if (message.sequences) {
          const kept = message.sequences;
          view.history = { sequences: kept, oldest: kept[0], latest: kept[kept.length - 1], count: kept.length };
          slider.max = Math.max(0, kept.length - 1);
          slider.min = 0;
        } else {
          view.history = { oldest: message.oldest, latest: message.latest, count: message.latest - message.oldest + 1 };
          slider.max = message.latest;
          slider.min = message.oldest;
        }
        if (view.live) slider.value = slider.max;
        updateHistoryLabel();
      } catch (_) { /* shown by the connection pill */ }
    }

    function sequenceAt(position) {
      return view.history.sequences ? view.history.sequences[position] : position;
    }

    // The slider's position for the state after `sequence`: the sequence itself with a journal,
    // else the last kept state at or before it.
    function positionOf(sequence) {
      const kept = view.history.sequences;
      if (!kept) return sequence;
      let position = 0;
      kept.forEach((value, index) => { if (value <= sequence) position = index; });
      return position;
    }

    // What clicking an action does: the state view, and the slider, move to the state it left.
    function showStateAfter(sequence) {
      view.live = false;
      $("history-slider").value = positionOf(sequence);
      view.pointed = sequence;
      updateHistoryLabel();
      showHistoric(sequence);
    }

    // Names the action at the slider's position, when the page has seen it.
    function updateHistoryLabel() {
      const sequence = view.pointed ?? sequenceAt(Number($("history-slider").value));
      const { count, oldest, latest } = view.history;
      let range;
      if (!count) range = "no states kept yet";
      else if (view.history.sequences) {
        const kept = view.historyCapacity ? `${count} of ${view.historyCapacity}` : `${count}`;
        range = `${kept} states kept, #${oldest}–#${latest}`;
      } else range = `journal, #${oldest}–#${latest}`;
      const entry = view.live ? undefined : actionAt(sequence);
      const named = entry ? ` ${entry.path || "(action)"}` : "";
      $("history-label").textContent = view.live ? `live · ${range}` : `#${sequence}${named} · ${range}`;
      $("live-button").classList.toggle("active", view.live);
    }

    function setLive(live) {
      view.live = live;
      view.pointed = undefined;
      updateHistoryLabel();
      if (live) { requestState(); requestHistory(); }
    }

    function resolve(value, path) {
      if (!path) return value;
      for (const part of path.split(".")) {
        if (Array.isArray(value)) {
          if (part.startsWith("id=")) value = value.find((e) => e && String(e.id) === part.slice(3));
          else value = value[Number(part)];
        } else if (value && typeof value === "object") value = value[part];
        else return undefined;
        if (value === undefined) return undefined;
      }
      return value;
    }

    function childPath(parent, value, key) {
      const part = Array.isArray(value) && value[key] && typeof value[key] === "object" && "id" in value[key] ? "id=" + value[key].id : String(key);
      return parent ? parent + "." + part : part;
    }

    function renderTree() {
      const root = $("state-path").value.trim();
      const value = resolve(view.state, root);
      const tree = $("state-tree");
      if (value === undefined) return tree.replaceChildren(note(`The state has nothing at '${root}'.`));
      tree.replaceChildren(node(root ? root.split(".").pop() : "state", value, root, 0));
    }

    function node(label, value, path, depth) {
      if (value === null || typeof value !== "object") {
        const line = document.createElement("div");
        line.className = "entry";
        line.dataset.path = path;
        const key = document.createElement("span");
        key.className = "key";
        key.textContent = label + ": ";
        const leaf = document.createElement("span");
        leaf.className = "leaf v-" + (value === null ? "null" : typeof value === "boolean" ? "bool" : typeof value);
        leaf.textContent = JSON.stringify(value);
        line.append(key, leaf);
        return line;
      }
      const details = document.createElement("details");
      details.dataset.path = path;
      details.open = view.openPaths.has(path) || depth < 2;
      details.ontoggle = () => { if (details.open) view.openPaths.add(path); else view.openPaths.delete(path); };
      const summary = document.createElement("summary");
      const key = document.createElement("span");
      key.className = "key";
      key.textContent = label;
      const count = document.createElement("span");
      count.className = "count";
      const size = Array.isArray(value) ? value.length : Object.keys(value).length;
      count.textContent = Array.isArray(value) ? ` [${size}]` : ` {${size}}`;
      summary.append(key, count);
      details.append(summary);
      // Children are built when first opened, so a large state costs only what is shown.
      const fill = () => {
        if (details.dataset.filled) return;
        details.dataset.filled = "1";
        const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value).sort();
        for (const k of keys.slice(0, 500)) details.append(node(childPath("", value, k), value[k], childPath(path, value, k), depth + 1));
        if (keys.length > 500) details.append(note(`${keys.length - 500} more not shown; follow a path to see them.`));
      };
      if (details.open) fill();
      details.addEventListener("toggle", fill);
      return details;
    }

    // Live and pinned, a new diff is asked for after every state: one at a time, then the latest,
    // so slow rebuilds never pile up; one from the same pin keeps as many changes shown as before.
    async function renderPinnedDiff() {
      const panel = $("history-diff");
      if (view.pinned === null || view.shownSequence === null || view.pinned === view.shownSequence) {
        view.pinnedWanted = undefined;
        return panel.replaceChildren();
      }
      view.pinnedWanted = { from: view.pinned, to: view.shownSequence };
      if (view.fetchingPinned) return;
      view.fetchingPinned = true;
      while (view.pinnedWanted) {
        const wanted = view.pinnedWanted;
        view.pinnedWanted = undefined;
        try {
          const diff = await request("diff", wanted);
          if (view.pinned !== wanted.from) continue;
          const shown = panel.dataset.pin === String(wanted.from) ? Number(panel.dataset.shown) : undefined;
          panel.dataset.pin = wanted.from;
          renderDiff(panel, `From #${diff.from} to #${diff.to}`, diff, shown);
        } catch (error) {
          panel.replaceChildren(note(error.message));
        }
      }
      view.fetchingPinned = false;
    }

    // A drag fires many input events; one request is in flight at a time, then the latest position.
    async function showHistoric(sequence) {
      view.wantedSequence = sequence;
      if (view.fetchingHistoric) return;
      view.fetchingHistoric = true;
      while (view.wantedSequence !== undefined) {
        const next = view.wantedSequence;
        view.wantedSequence = undefined;
        await requestState(next);
      }
      view.fetchingHistoric = false;
    }
    """#
}
