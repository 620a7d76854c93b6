extension InspectorPage {
  /// The effects panel's functions: the latest and the failed remote effects, asked for every two
  /// seconds, and one effect's life when a row is clicked.
  static let effectScript = #"""
    // Effects

    function clock(millis) {
      const at = new Date(millis);
      return at.toLocaleTimeString([], { hour12: false }) + "." + String(at.getMilliseconds()).padStart(3, "0");
    }

    function elapsed(from, to) {
      return micros(Math.max(0, Math.round((to - from) * 1000)));
    }

    // The next refresh is timed from this one's answer, so a busy coordinator is never asked
    // faster than it answers.
    async function refreshEffects() {
      if (view.effectsTimer) clearTimeout(view.effectsTimer);
      view.effectsTimer = null;
      try {
        const message = await request("effects");
        view.effects = message;
        renderEffects();
      } catch (_) { /* shown by the connection pill */ }
      if (!view.effectsTimer) view.effectsTimer = setTimeout(refreshEffects, 2000);
    }

    function renderEffects() {
      if (!view.effects) return;
      const failedOnly = view.effectTab === "failed";
      const rows = failedOnly ? view.effects.failed : view.effects.recent;
      $("effects-recent-tab").classList.toggle("active", !failedOnly);
      $("effects-failed-tab").classList.toggle("active", failedOnly);
      $("effects-failed-tab").textContent = `failed (${view.effects.failed.length})`;
      const body = $("effect-table").tBodies[0];
      body.replaceChildren(...rows.slice(0, 100).map((effect) => {
        const row = document.createElement("tr");
        row.dataset.effect = effect.id;
        if (effect.id === view.selectedEffect) row.className = "selected";
        if (effect.lost) row.dataset.lost = effect.lost;
        cell(row, effect.id, "num");
        cell(row, effect.kind, "kind");
        row.insertCell().append(badge(effect.state));
        cell(row, effect.lost ? `${effect.attempts} (${effect.lost} lost)` : effect.attempts, "num");
        cell(row, effect.pid ?? effect.broker ?? "–", "num");
        cell(row, effect.outputs, "num");
        cell(row, elapsed(effect.startedAt, effect.endedAt ?? Date.now()), "num");
        cell(row, effect.startedAfter === undefined ? "–" : "#" + effect.startedAfter, "num");
        cell(row, effect.message ? `${effect.code}: ${effect.message}` : "", "error-text");
        row.onclick = () => showEffect(effect.id);
        return row;
      }));
      const none = failedOnly ? "no effect has failed since a page connected" : "none since a page connected";
      $("effect-count").textContent = rows.length ? `${rows.length} kept, newest first` : none;
    }

    // One effect's life, oldest step first: started, each attempt and its worker, outputs, retries, end.
    async function showEffect(id) {
      view.selectedEffect = id;
      renderEffects();
      const panel = $("effect-life");
      try {
        const { life } = await request("effect", { effect: id });
        const steps = [[life.startedAt, `started${life.startedAfter === undefined ? "" : ` by action #${life.startedAfter}`}`]];
        for (const attempt of life.attempts) {
          const worker = attempt.broker === undefined ? `worker pid ${attempt.pid}` : `broker ${attempt.broker}`;
          steps.push([attempt.at, `attempt ${attempt.number} on ${worker}`]);
        }
        for (const retry of life.retries) steps.push([retry.at, `attempt lost: ${retry.reason}; to be retried`]);
        if (life.end) {
          const why = life.end.code ? ` — ${life.end.code}: ${life.end.message}` : "";
          steps.push([life.end.at, `${life.end.outcome}${why}`]);
        }
        steps.sort((a, b) => a[0] - b[0]);
        const list = document.createElement("ol");
        list.className = "life";
        for (const [at, text] of steps) {
          const item = document.createElement("li");
          item.textContent = `${clock(at)}  +${elapsed(life.startedAt, at)}  ${text}`;
          list.append(item);
        }
        const title = document.createElement("div");
        title.className = "title";
        title.textContent = `effect ${life.id} · ${life.kind} · ${life.state} · ${life.outputs} outputs (${bytes(life.outputBytes)})`;
        const parts = [title, list, labelled("job", life.job)];
        life.latestOutputs.forEach((output, index) => {
          parts.push(labelled(`output ${life.outputs - life.latestOutputs.length + index + 1}`, output));
        });
        panel.replaceChildren(...parts);
      } catch (error) {
        panel.replaceChildren(note(error.message));
      }
    }

    function labelled(label, kept) {
      const box = document.createElement("div");
      const heading = document.createElement("div");
      heading.className = "title";
      heading.textContent = `${label} (${bytes(kept.bytes)})`;
      const json = document.createElement("pre");
      json.className = "action-json";
      json.textContent = kept.json !== undefined ? pretty(kept.json) : kept.text;
      box.append(heading, json);
      return box;
    }

    """#
}
