extension InspectorPage {
  /// The page's script: one WebSocket to `/socket`, and the DOM built by hand; the action list's
  /// and the state panel's functions follow from ``actionScript`` and ``stateScript``
  /// (declarations are hoisted, so order does not matter).
  static let script = #"""
    "use strict";
    const $ = (id) => document.getElementById(id);
    const token = new URLSearchParams(location.search).get("token");
    const view = {
      socket: null, nextID: 1, waiting: new Map(), actions: [], maxActions: 2000, selected: null,
      history: { count: 0 }, live: true, pinned: null, shownSequence: null, stateTimer: null, openPaths: new Set([""]),
      paused: false, holding: false, unseen: 0, now: 0, samples: [], maxSamples: 600,
    };

    function connect() {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const query = token ? "?token=" + encodeURIComponent(token) : "";
      const socket = new WebSocket(`${scheme}://${location.host}/socket${query}`);
      view.socket = socket;
      socket.onopen = () => { setConnection(true, "live"); requestState(); requestHistory(); refreshEffects(); };
      socket.onmessage = (event) => receive(JSON.parse(event.data));
      socket.onclose = (event) => {
        setConnection(false, event.code === 1006 ? "disconnected" : `closed ${event.code} ${event.reason}`);
        markUnreachable();
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

    // A request a timer repeats waits for its last answer, and then goes once more if it was asked
    // for meanwhile: sent at the timer's pace, a busy coordinator's answers fell behind and the
    // page's other requests queued behind them without bound.
    function oneAtATime(load) {
      let running = false, again = false;
      return async function run() {
        if (running) { again = true; return; }
        running = true;
        try { await load(); } finally {
          running = false;
          if (again) { again = false; run(); }
        }
      };
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
      else if (message.type === "samples") receiveSamples(message);
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
      $("stat-rate").textContent = Math.round(c.actionsPerSecond).toLocaleString();
      // Without a journal an action's number is the count of actions reduced, as the stream numbers
      // them; a journal also numbers records that are no action, so the stream and state tell it.
      if (!status.journal) advanceNow(c.actionsTotal);
      renderStandby(status.highAvailability);
      $("pools").classList.remove("stale");
      $("stat-bytes").textContent = bytes(c.stateBytes);
      const data = status.journal && status.journal.dataVersion;
      $("stat-data").hidden = !data;
      if (data) {
        const oldest = status.journal.oldestDataVersion;
        $("stat-data-version").textContent = oldest && oldest < data ? `v${data} (oldest kept v${oldest})` : `v${data}`;
      }
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

    // A standby serves its copy read-only: the page says whose copy it is, and sends and scales,
    // which the standby refuses, are turned off until it leads.
    function renderStandby(ha) {
      const standby = !!ha && ha.role === "standby";
      const banner = $("standby");
      banner.hidden = !standby;
      $("send-button").disabled = standby;
      for (const button of document.querySelectorAll("[data-scale]")) button.disabled = standby;
      if (!standby) return;
      advanceNow(ha.appliedSequence);
      const leader = ha.leader ? `The leader is ${ha.leader}; sends and scales go there.` : "No coordinator leads yet.";
      banner.textContent = `This coordinator stands by: the page shows its read-only copy, through record ${ha.appliedSequence}`
        + ` (${ha.lag} behind). ${leader} It becomes the inspector here once this coordinator leads.`;
    }

    // Once the coordinator is gone nothing on the page is known to be true: the pools say so.
    function markUnreachable() {
      $("pools").classList.add("stale");
      for (const row of $("pool-table").tBodies[0].rows) row.cells[1].replaceChildren(badge("unreachable"));
      for (const row of $("worker-table").tBodies[0].rows) row.cells[2].replaceChildren(badge("unknown"));
    }

    // The page's one "now": the latest action number it knows of, from the stream, the status or
    // the live state, whichever is newest; the header shows it and the live list and state reach it.
    function advanceNow(sequence) {
      if (!(sequence > view.now)) return;
      view.now = sequence;
      $("stat-now").textContent = "#" + sequence;
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
    $("pause-button").onclick = () => setPaused(!view.paused);
    $("effects-recent-tab").onclick = () => { view.effectTab = "recent"; renderEffects(); };
    $("effects-failed-tab").onclick = () => { view.effectTab = "failed"; renderEffects(); };
    $("action-list").onscroll = listScrolled;
    $("state-path").oninput = renderTree;
    $("live-button").onclick = () => setLive(true);
    $("history-slider").oninput = (event) => {
      view.live = false;
      view.pointed = undefined;
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
    """#
}
