extension InspectorPage {
  /// The page's script: one WebSocket to `/socket`, and the DOM built by hand.
  static let script = #"""
    "use strict";
    const $ = (id) => document.getElementById(id);
    const token = new URLSearchParams(location.search).get("token");
    const view = {
      socket: null, nextID: 1, waiting: new Map(), actions: [], maxActions: 2000, selected: null,
      history: [], live: true, pinned: null, shownSequence: null, stateTimer: null, openPaths: new Set([""]),
    };

    function connect() {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const query = token ? "?token=" + encodeURIComponent(token) : "";
      const socket = new WebSocket(`${scheme}://${location.host}/socket${query}`);
      view.socket = socket;
      socket.onopen = () => { setConnection(true, "live"); requestState(); requestHistory(); };
      socket.onmessage = (event) => receive(JSON.parse(event.data));
      socket.onclose = (event) => {
        setConnection(false, event.code === 1006 ? "disconnected" : `closed ${event.code} ${event.reason}`);
        for (const [, reject] of view.waiting.values()) reject(new Error("the connection closed"));
        view.waiting.clear();
        setTimeout(connect, 1500);
      };
    }

    function setConnection(on, text) {
      const pill = $("connection");
      pill.className = "pill " + (on ? "on" : "off");
      pill.textContent = text;
    }

    function request(type, fields = {}) {
      return new Promise((resolve, reject) => {
        if (!view.socket || view.socket.readyState !== WebSocket.OPEN) return reject(new Error("not connected"));
        const id = view.nextID++;
        view.waiting.set(id, [resolve, reject]);
        view.socket.send(JSON.stringify({ id, type, ...fields }));
      });
    }

    function receive(message) {
      if (message.id !== undefined && view.waiting.has(message.id)) {
        const [resolve, reject] = view.waiting.get(message.id);
        view.waiting.delete(message.id);
        if (message.type === "error") reject(new Error(message.message)); else resolve(message);
        return;
      }
      if (message.type === "status") renderStatus(message);
      else if (message.type === "actions") receiveActions(message);
    }

    // Pools and workers

    function micros(value) {
      if (value >= 1e6) return (value / 1e6).toFixed(2) + " s";
      if (value >= 1e3) return (value / 1e3).toFixed(1) + " ms";
      return value + " µs";
    }
    function bytes(value) {
      if (value >= 1 << 20) return (value / (1 << 20)).toFixed(1) + " MiB";
      if (value >= 1 << 10) return (value / (1 << 10)).toFixed(1) + " KiB";
      return value + " B";
    }
    function cell(row, text, className) {
      const td = row.insertCell();
      td.textContent = text;
      if (className) td.className = className;
      return td;
    }
    function badge(text) {
      const span = document.createElement("span");
      span.className = "badge " + text;
      span.textContent = text;
      return span;
    }

    function renderStatus({ status, clients, historyCapacity }) {
      const c = status.coordinator;
      view.historyCapacity = historyCapacity;
      $("stat-pages").textContent = clients;
      $("stat-pid").textContent = c.pid;
      $("stat-uptime").textContent = Math.floor(c.uptimeSeconds) + " s";
      $("stat-actions").textContent = c.actionsTotal.toLocaleString();
      $("stat-rate").textContent = Math.round(c.actionsPerSecond).toLocaleString();
      $("stat-bytes").textContent = bytes(c.stateBytes);
      const pools = $("pool-table").tBodies[0];
      const editing = document.activeElement && document.activeElement.dataset.pool;
      if (!editing) {
        pools.replaceChildren();
        for (const pool of status.pools) {
          const row = pools.insertRow();
          row.dataset.pool = pool.kind;
          cell(row, pool.kind, "kind");
          row.insertCell().append(badge(pool.health));
          cell(row, pool.size === pool.target ? `${pool.size}` : `${pool.size} → ${pool.target}`, "num size");
          cell(row, pool.busy, "num");
          cell(row, pool.queued, "num");
          const measured = pool.completed + pool.failed > 0;
          cell(row, measured ? micros(pool.latencyP50Micros) : "–", "num");
          cell(row, measured ? micros(pool.latencyP99Micros) : "–", "num");
          cell(row, pool.completed, "num");
          cell(row, pool.failed, "num");
          const form = document.createElement("div");
          form.className = "scale";
          const size = document.createElement("input");
          Object.assign(size, { type: "number", min: 0, value: pool.target });
          size.dataset.pool = pool.kind;
          const button = document.createElement("button");
          button.className = "secondary";
          button.textContent = "Scale";
          button.dataset.scale = pool.kind;
          button.onclick = () => scale(pool.kind, Number(size.value));
          form.append(size, button);
          row.insertCell().append(form);
        }
      }
      const workers = $("worker-table").tBodies[0];
      workers.replaceChildren();
      for (const worker of status.workers.filter((w) => w.state !== "stopped")) {
        const row = workers.insertRow();
        row.dataset.pool = worker.kind;
        cell(row, worker.pid);
        cell(row, worker.kind);
        row.insertCell().append(badge(worker.state));
        cell(row, worker.inFlight, "num");
        cell(row, worker.completed, "num");
        cell(row, worker.failed, "num");
        const beat = worker.lastHeartbeatMillisAgo;
        cell(row, beat === undefined || beat === null ? "none yet" : `${(beat / 1000).toFixed(1)} s ago`);
      }
    }

    async function scale(pool, size) {
      const note = $("scale-result");
      try {
        await request("scale", { pool, size });
        note.className = "note";
        note.textContent = `Scaling ${pool} to ${size}.`;
      } catch (error) {
        note.className = "note error";
        note.textContent = error.message;
      }
    }

    // Actions

    function receiveActions({ entries, skipped }) {
      view.actions.push(...entries);
      if (view.actions.length > view.maxActions) view.actions.splice(0, view.actions.length - view.maxActions);
      if (skipped) view.skipped = (view.skipped || 0) + skipped;
      renderActions();
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
      const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
      const shown = view.actions.filter(matches).slice(-300);
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
        path.title = JSON.stringify(entry.action);
        item.append(seq, path);
        item.onclick = () => selectAction(entry);
        return item;
      }));
      if (atBottom) list.scrollTop = list.scrollHeight;
      const skipped = view.skipped ? `, ${view.skipped.toLocaleString()} not listed under load` : "";
      $("action-count").textContent = `${shown.length} shown of ${view.actions.length}${skipped}`;
    }

    async function selectAction(entry) {
      view.selected = entry.sequence;
      renderActions();
      const panel = $("action-diff");
      panel.replaceChildren(note(`#${entry.sequence} ${entry.path}: working out the change…`));
      try {
        const diff = await request("actionDiff", { sequence: entry.sequence });
        const span = diff.to - diff.from > 1 ? ` (state kept after #${diff.from} and #${diff.to}: under load, not every state is kept)` : "";
        renderDiff(panel, `#${entry.sequence} ${entry.path}${span}`, diff, JSON.stringify(entry.action));
      } catch (error) {
        panel.replaceChildren(note(error.message));
      }
    }

    function note(text) {
      const p = document.createElement("p");
      p.className = "note";
      p.textContent = text;
      return p;
    }

    function renderDiff(panel, title, diff, detail) {
      const heading = document.createElement("div");
      heading.className = "title";
      heading.textContent = title;
      const parts = [heading];
      if (detail) parts.push(note(detail));
      if (!diff.changes.length) parts.push(note("No change to the state."));
      for (const change of diff.changes) {
        const row = document.createElement("div");
        row.className = "change " + change.kind;
        const path = document.createElement("b");
        path.textContent = (change.path || "(root)") + "  ";
        row.append(path);
        if (change.kind !== "added") row.append(valueSpan(change.before, "before"));
        if (change.kind === "changed") row.append(" → ");
        if (change.kind !== "removed") row.append(valueSpan(change.after, "after"));
        parts.push(row);
      }
      if (diff.truncated) parts.push(note(`Only the first ${diff.changes.length} changes are listed.`));
      panel.replaceChildren(...parts);
    }

    function valueSpan(value, className) {
      const span = document.createElement("span");
      span.className = className;
      const text = JSON.stringify(value);
      span.textContent = text.length > 400 ? text.slice(0, 400) + "…" : text;
      return span;
    }

    // State and history

    function scheduleState() {
      if (view.stateTimer) return;
      view.stateTimer = setTimeout(() => { view.stateTimer = null; requestState(); }, 300);
    }

    async function requestState(sequence) {
      try {
        const message = await request("state", sequence === undefined ? {} : { sequence });
        if (sequence === undefined && !view.live) return;
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
      view.historyTimer = setTimeout(() => { view.historyTimer = null; requestHistory(); }, 500);
    }

    async function requestHistory() {
      try {
        const message = await request("history");
        view.history = message.sequences;
        const slider = $("history-slider");
        slider.max = Math.max(0, view.history.length - 1);
        if (view.live) slider.value = slider.max;
        updateHistoryLabel();
      } catch (_) { /* shown by the connection pill */ }
    }

    function updateHistoryLabel() {
      const slider = $("history-slider");
      const sequence = view.history[Number(slider.value)];
      const kept = view.historyCapacity ? `${view.history.length} of ${view.historyCapacity}` : `${view.history.length}`;
      const first = view.history[0], last = view.history[view.history.length - 1];
      const range = view.history.length ? `${kept} states kept, #${first}–#${last}` : "no states kept yet";
      $("history-label").textContent = view.live ? `live · ${range}` : `#${sequence} · ${range}`;
      $("live-button").classList.toggle("active", view.live);
    }

    function setLive(live) {
      view.live = live;
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

    function renderPinnedDiff() {
      const panel = $("history-diff");
      if (view.pinned === null || view.shownSequence === null || view.pinned === view.shownSequence) return panel.replaceChildren();
      request("diff", { from: view.pinned, to: view.shownSequence })
        .then((diff) => renderDiff(panel, `From #${diff.from} to #${diff.to}`, diff))
        .catch((error) => panel.replaceChildren(note(error.message)));
    }

    // Send

    async function send() {
      const result = $("send-result");
      result.className = "note";
      result.textContent = "sending…";
      try {
        await request("send", { text: $("send-text").value });
        result.className = "note ok";
        result.textContent = "sent";
      } catch (error) {
        result.className = "note error";
        result.textContent = error.message;
      }
    }

    $("send-button").onclick = send;
    $("action-filter").oninput = renderActions;
    $("state-path").oninput = renderTree;
    $("live-button").onclick = () => setLive(true);
    $("history-slider").oninput = (event) => {
      view.live = false;
      updateHistoryLabel();
      const sequence = view.history[Number(event.target.value)];
      if (sequence !== undefined) requestState(sequence);
    };
    $("pin-button").onclick = () => {
      view.pinned = view.shownSequence;
      $("pin-label").textContent = view.pinned === null ? "" : `pinned #${view.pinned}: move the slider to see what changed since`;
      renderPinnedDiff();
    };
    connect();
    """#
}
