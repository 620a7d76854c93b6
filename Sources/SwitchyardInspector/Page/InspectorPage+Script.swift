extension InspectorPage {
  /// The page's script: one WebSocket to `/socket`, and the DOM built by hand; the state panel's
  /// functions follow from ``stateScript`` (declarations are hoisted, so order does not matter).
  static let script = #"""
    "use strict";
    const $ = (id) => document.getElementById(id);
    const token = new URLSearchParams(location.search).get("token");
    const view = {
      socket: null, nextID: 1, waiting: new Map(), actions: [], maxActions: 2000, selected: null,
      history: { count: 0 }, live: true, pinned: null, shownSequence: null, stateTimer: null, openPaths: new Set([""]),
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
      $("stat-journal").hidden = !status.journal;
      if (status.journal) $("stat-last").textContent = "#" + status.journal.lastSequence;
      $("stat-bytes").textContent = bytes(c.stateBytes);
      renderPools($("pool-table").tBodies[0], status.pools);
      const workers = $("worker-table").tBodies[0];
      workers.replaceChildren();
      for (const worker of status.workers.filter((w) => w.state !== "stopped")) {
        const row = workers.insertRow();
        row.dataset.pool = worker.kind;
        cell(row, worker.broker ? "stream" : worker.pid);
        cell(row, worker.kind);
        row.insertCell().append(badge(worker.state));
        cell(row, worker.inFlight, "num");
        cell(row, worker.completed, "num");
        cell(row, worker.failed, "num");
        const beat = worker.lastHeartbeatMillisAgo;
        cell(row, beat === undefined || beat === null ? "none yet" : `${(beat / 1000).toFixed(1)} s ago`);
      }
    }

    // Rows are updated in place, never rebuilt: a status arriving between pressing and releasing
    // Scale, or after a size was typed, must not take the click or the typed size with it.
    function renderPools(body, pools) {
      const kinds = new Set(pools.map((pool) => pool.kind));
      for (const row of [...body.rows]) if (!kinds.has(row.dataset.pool)) row.remove();
      for (const pool of pools) {
        let row = [...body.rows].find((r) => r.dataset.pool === pool.kind);
        if (!row) row = poolRow(body, pool.kind);
        const measured = pool.completed + pool.failed > 0;
        const [, health, ...numbers] = row.cells;
        health.replaceChildren(badge(pool.health));
        const values = [
          pool.size === pool.target ? `${pool.size}` : `${pool.size} → ${pool.target}`,
          pool.busy, pool.queued,
          measured ? micros(pool.latencyP50Micros) : "–",
          measured ? micros(pool.latencyP99Micros) : "–",
          pool.completed, pool.failed,
        ];
        values.forEach((value, index) => { numbers[index].textContent = value; });
        const size = row.querySelector("input");
        if (!size.dataset.edited && document.activeElement !== size) size.value = pool.target;
      }
    }
    function poolRow(body, kind) {
      const row = body.insertRow();
      row.dataset.pool = kind;
      cell(row, kind, "kind");
      row.insertCell();
      cell(row, "", "num size");
      for (let index = 0; index < 6; index++) cell(row, "", "num");
      const form = document.createElement("div");
      form.className = "scale";
      const size = document.createElement("input");
      Object.assign(size, { type: "number", min: 0 });
      size.dataset.pool = kind;
      size.oninput = () => { size.dataset.edited = "1"; };
      const button = document.createElement("button");
      button.className = "secondary";
      button.textContent = "Scale";
      button.dataset.scale = kind;
      button.onclick = () => {
        delete size.dataset.edited;
        scale(kind, Number(size.value));
      };
      form.append(size, button);
      row.insertCell().append(form);
      return row;
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
      const sequence = sequenceAt(Number(event.target.value));
      if (sequence !== undefined) showHistoric(sequence);
    };
    $("pin-button").onclick = () => {
      view.pinned = view.shownSequence;
      $("pin-label").textContent = view.pinned === null ? "" : `pinned #${view.pinned}: move the slider to see what changed since`;
      renderPinnedDiff();
    };
    connect();
    """# + stateScript
}
