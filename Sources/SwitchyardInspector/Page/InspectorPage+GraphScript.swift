extension InspectorPage {
  /// The graphs' functions: throughput, latency and queue depth over the samples the server kept,
  /// drawn as inline SVG (no chart library), one line per series.
  static let graphScript = #"""
    // Graphs

    const graphColours = ["#2f6fde", "#1f9d55", "#c98a06", "#d64545", "#7a3e9d", "#0f8b8d"];

    function receiveSamples({ samples }) {
      view.samples.push(...samples);
      if (view.samples.length > view.maxSamples) view.samples.splice(0, view.samples.length - view.maxSamples);
      renderGraphs();
    }

    function renderGraphs() {
      const samples = view.samples;
      const kinds = [...new Set(samples.flatMap((s) => s.pools.map((p) => p.kind)))].sort();
      const perPool = (pick) => kinds.map((kind) => ({
        name: kind,
        points: samples.map((s) => { const pool = s.pools.find((p) => p.kind === kind); return [s.at, pool ? pick(pool) : 0]; }),
      }));
      chart($("graph-throughput"), "per second", [
        { name: "actions", points: samples.map((s) => [s.at, s.actionsPerSecond]) },
        { name: "effects done", points: samples.map((s) => [s.at, s.pools.reduce((sum, p) => sum + p.donePerSecond, 0)]) },
        { name: "effects failed", points: samples.map((s) => [s.at, s.pools.reduce((sum, p) => sum + p.failedPerSecond, 0)]) },
      ], (v) => Math.round(v).toLocaleString());
      chart($("graph-latency"), "p99 latency", perPool((p) => p.p99Micros), micros);
      chart($("graph-queue"), "queued", perPool((p) => p.queued), (v) => Math.round(v).toLocaleString());
      const span = samples.length > 1 ? (samples[samples.length - 1].at - samples[0].at) / 1000 : 0;
      $("graph-span").textContent = samples.length ? `the last ${Math.round(span / 60 * 10) / 10} min, one point per status` : "no samples yet";
    }

    // An SVG of `series` sharing one time axis: the largest value labels the top, the oldest
    // sample's age the left end; labels sit inside the plot's margins, clear of the lines.
    function chart(svg, title, series, format) {
      const width = 360, height = 150, left = 8, right = 8, top = 22, bottom = 18;
      const all = series.flatMap((s) => s.points);
      const ns = "http://www.w3.org/2000/svg";
      const element = (name, attributes, text) => {
        const e = document.createElementNS(ns, name);
        for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
        if (text !== undefined) e.textContent = text;
        return e;
      };
      svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
      const parts = [element("text", { x: left, y: 12, class: "graph-title" }, title)];
      if (all.length < 2) {
        parts.push(element("text", { x: width / 2, y: height / 2, "text-anchor": "middle", class: "graph-note" }, "waiting for samples"));
        return svg.replaceChildren(...parts);
      }
      const t0 = Math.min(...all.map((p) => p[0])), t1 = Math.max(...all.map((p) => p[0]));
      const max = Math.max(1, ...all.map((p) => p[1]));
      const x = (t) => left + (width - left - right) * (t - t0) / Math.max(1, t1 - t0);
      const y = (v) => top + (height - top - bottom) * (1 - v / max);
      parts.push(element("line", { x1: left, x2: width - right, y1: y(max), y2: y(max), class: "graph-grid" }));
      parts.push(element("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "graph-axis" }));
      parts.push(element("text", { x: width - right, y: 12, "text-anchor": "end", class: "graph-note" }, "max " + format(max)));
      parts.push(element("text", { x: left, y: height - 4, class: "graph-note" }, `−${Math.round((t1 - t0) / 1000)} s`));
      parts.push(element("text", { x: width - right, y: height - 4, "text-anchor": "end", class: "graph-note" }, "now"));
      series.forEach((s, index) => {
        const colour = graphColours[index % graphColours.length];
        const line = element("polyline", {
          points: s.points.map(([t, v]) => `${x(t).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
          fill: "none", stroke: colour, "stroke-width": 1.5, "data-series": s.name,
        });
        line.append(element("title", {}, s.name));
        parts.push(line);
      });
      svg.replaceChildren(...parts);
      const legend = svg.nextElementSibling;
      legend.replaceChildren(...series.map((s, index) => {
        const span = document.createElement("span");
        span.style.color = graphColours[index % graphColours.length];
        const last = s.points.length ? s.points[s.points.length - 1][1] : 0;
        span.textContent = `■ ${s.name} ${format(last)}`;
        return span;
      }));
    }

    """#
}
