extension InspectorPage {
  /// The page's styles: a quiet light theme, monospace where values are shown.
  static let styles = #"""
    :root {
      --bg: #f4f5f7; --card: #fff; --ink: #1d2330; --muted: #6b7385; --line: #e3e6ec;
      --accent: #2f6fde; --accent-soft: #e8f0fd; --good: #1f9d55; --warn: #c98a06; --bad: #d64545;
      --add: #e6f6ec; --add-ink: #17663a; --del: #fdecec; --del-ink: #a12a2a;
      --mono: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace;
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--ink);
      font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
    header { display: flex; justify-content: space-between; align-items: center; gap: 16px;
      padding: 10px 20px; background: #161b26; color: #e9edf5; flex-wrap: wrap; position: sticky; top: 0; z-index: 10; }
    .standby { margin: 0; padding: 8px 20px; background: #fbf1dc; color: #5c4203; border-bottom: 1px solid #ecd9a8; }
    .brand { font-size: 17px; font-weight: 600; letter-spacing: .2px; }
    .brand .logo { color: #7aa7ff; margin-right: 4px; }
    .brand .muted { color: #9aa3b5; font-weight: 400; }
    .stats { display: flex; gap: 18px; align-items: center; font-size: 13px; color: #aeb6c6; flex-wrap: wrap; }
    .stats b { color: #fff; font-weight: 600; font-variant-numeric: tabular-nums; }
    .pill { padding: 2px 10px; border-radius: 999px; font-size: 12px; font-weight: 600; }
    .pill.on { background: #1f9d5533; color: #6fe0a0; }
    .pill.off { background: #d6454533; color: #ff9a9a; }
    main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 16px; padding: 16px 20px; }
    .card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px;
      box-shadow: 0 1px 2px rgba(20, 30, 50, .05); min-width: 0; }
    h2 { font-size: 15px; margin: 0 0 10px; }
    h3 { font-size: 13px; margin: 14px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .5px; }
    .muted { color: var(--muted); font-weight: 400; }
    .small { font-size: 12px; }
    .note { color: var(--muted); font-size: 12px; margin: 6px 0 0; white-space: pre-wrap; }
    table { width: 100%; border-collapse: collapse; font-size: 13px; }
    th { text-align: left; font-weight: 600; color: var(--muted); font-size: 12px; border-bottom: 1px solid var(--line); padding: 4px 5px; white-space: nowrap; }
    td { padding: 5px 5px; border-bottom: 1px solid #f0f1f4; font-variant-numeric: tabular-nums; }
    .num { text-align: right; white-space: nowrap; }
    td.kind { font-weight: 600; }
    .badge { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: 11px; font-weight: 600; }
    .badge.healthy, .badge.ready { background: #e3f5ea; color: var(--good); }
    .badge.degraded, .badge.starting, .badge.draining { background: #fbf1dc; color: var(--warn); }
    .badge.failed, .badge.stopped, .badge.unreachable { background: #fbe4e4; color: var(--bad); }
    .badge.unknown { background: #eceef2; color: var(--muted); }
    .stale td { color: var(--muted); }
    .scale { display: flex; gap: 4px; }
    .scale input { width: 46px; padding: 3px 5px; }
    .scale button { padding: 3px 9px; }
    input, textarea, button { font: inherit; }
    input[type=search], input[type=number], textarea { border: 1px solid var(--line); border-radius: 6px; padding: 5px 8px;
      background: #fbfbfd; color: var(--ink); }
    input:focus, textarea:focus { outline: 2px solid var(--accent-soft); border-color: var(--accent); }
    textarea { width: 100%; font-family: var(--mono); font-size: 12.5px; resize: vertical; }
    button { border: 0; border-radius: 6px; padding: 5px 12px; background: var(--accent); color: #fff; cursor: pointer; font-weight: 600; }
    button:hover { filter: brightness(1.08); }
    button:disabled { opacity: .45; cursor: not-allowed; filter: none; }
    button.secondary { background: var(--accent-soft); color: var(--accent); }
    button.active { background: var(--accent); color: #fff; }
    .row { display: flex; gap: 8px; align-items: center; margin: 8px 0; }
    .row input[type=search] { flex: 1; }
    #action-filter { width: 100%; }
    #action-list { list-style: none; margin: 8px 0; padding: 0; max-height: 260px; overflow: auto;
      border: 1px solid var(--line); border-radius: 6px; font-family: var(--mono); font-size: 12px; }
    #action-list li { display: flex; gap: 10px; padding: 3px 8px; border-bottom: 1px solid #f3f4f7; cursor: pointer; white-space: nowrap; }
    #action-list li:hover { background: #f6f8fc; }
    #action-list li.selected { background: var(--accent-soft); }
    #action-list .seq { color: var(--muted); min-width: 56px; text-align: right; }
    #action-list .path { color: var(--ink); overflow: hidden; text-overflow: ellipsis; }
    .diff { font-family: var(--mono); font-size: 12px; }
    .diff .change { padding: 3px 8px; border-radius: 4px; margin: 2px 0; overflow-wrap: anywhere; }
    .diff .added { background: var(--add); color: var(--add-ink); }
    .diff .removed { background: var(--del); color: var(--del-ink); }
    .diff .changed { background: #f3f5fa; }
    .diff .before { color: var(--del-ink); text-decoration: line-through; }
    .diff .after { color: var(--add-ink); }
    .diff .changes { max-height: 320px; overflow: auto; }
    .diff .more { margin: 4px 0; padding: 2px 10px; font-size: 12px; }
    .action-json { font-family: var(--mono); font-size: 12px; max-height: 220px; overflow: auto; margin: 4px 0;
      padding: 6px 8px; background: #fcfcfd; border: 1px solid var(--line); border-radius: 6px; white-space: pre; }
    .diff .title { font-family: system-ui, sans-serif; font-size: 12px; color: var(--muted); margin: 4px 0; }
    .history { display: flex; gap: 10px; align-items: center; margin: 8px 0 4px; }
    #history-slider { flex: 1; accent-color: var(--accent); }
    .tree { font-family: var(--mono); font-size: 12.5px; max-height: 420px; overflow: auto; border: 1px solid var(--line);
      border-radius: 6px; padding: 6px 8px; background: #fcfcfd; }
    .tree details { margin-left: 14px; }
    .tree > details { margin-left: 0; }
    .tree summary { cursor: pointer; list-style: none; }
    .tree summary::before { content: "▸"; color: var(--muted); display: inline-block; width: 12px; }
    .tree details[open] > summary::before { content: "▾"; }
    .tree .entry { margin-left: 26px; white-space: pre-wrap; overflow-wrap: anywhere; }
    .tree .key { color: #7a3e9d; }
    .tree .count { color: var(--muted); }
    .v-string { color: #1a7f37; } .v-number { color: #0550ae; } .v-bool { color: #b35900; } .v-null { color: var(--muted); }
    #send-result.ok { color: var(--good); }
    #send-result.error { color: var(--bad); font-family: var(--mono); }
    code { font-family: var(--mono); background: #f1f3f7; padding: 0 4px; border-radius: 4px; }
    .wide { grid-column: 1 / -1; }
    .what-if { margin: 6px 0; }
    .what-if summary { cursor: pointer; color: var(--accent); font-size: 12px; font-weight: 600; }
    .what-if-through { width: 90px; }
    .graphs { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 16px; }
    .graph { width: 100%; height: 150px; border: 1px solid var(--line); border-radius: 6px; background: #fcfcfd; }
    .graph-title { font-size: 11px; font-weight: 600; fill: var(--ink); }
    .graph-note { font-size: 10px; fill: var(--muted); }
    .graph-grid { stroke: var(--line); stroke-dasharray: 3 3; }
    .graph-axis { stroke: #c9ced8; }
    .legend { display: flex; gap: 10px; flex-wrap: wrap; margin-top: 2px; }
    .effects { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 16px; }
    .effects .scroll { max-height: 300px; overflow: auto; }
    #effect-table tr { cursor: pointer; }
    #effect-table tr.selected { background: var(--accent-soft); }
    #effect-life { max-height: 300px; overflow: auto; }
    .life { margin: 4px 0; padding-left: 0; list-style: none; white-space: pre-wrap; }
    td.error-text { color: var(--bad); font-size: 12px; max-width: 320px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .badge.running, .badge.waiting { background: var(--accent-soft); color: var(--accent); }
    .badge.finished { background: #e3f5ea; color: var(--good); }
    .badge.cancelled { background: #eceef2; color: var(--muted); }
    @media (max-width: 1000px) { .effects, .graphs { grid-template-columns: 1fr; } }
    @media (max-width: 1000px) { main { grid-template-columns: 1fr; } }
    """#
}
