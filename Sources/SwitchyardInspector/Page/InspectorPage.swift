/// The inspector's one page: markup, styles and script in one response, with nothing fetched from
/// elsewhere (no framework, no CDN), so it works offline and shows exactly what this build serves.
enum InspectorPage {
  /// The page as served at `/`, built once.
  static let html: [UInt8] = Array((head + body).utf8)

  private static let head = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Switchyard inspector</title>
    <link rel="icon" href="data:,">
    <style>\(styles)</style>
    </head>

    """

  private static let body = #"""
    <body>
    <header>
      <div class="brand"><span class="logo">⇄</span> Switchyard <span class="muted">inspector</span></div>
      <div class="stats">
        <span>pid <b id="stat-pid">–</b></span>
        <span>up <b id="stat-uptime">–</b></span>
        <span title="the last action's number: the journal's, as switchyard history prints it, or without a journal the count of actions reduced">now <b id="stat-now">–</b></span>
        <span><b id="stat-rate">–</b>/s</span>
        <span>state <b id="stat-bytes">–</b></span>
        <span id="stat-data" hidden title="the application's data version, which it journals in; the oldest still kept, when older, is replayed through its migrations">data <b id="stat-data-version">–</b></span>
        <span>pages <b id="stat-pages">–</b></span>
        <span id="connection" class="pill off">connecting…</span>
      </div>
    </header>
    <p id="standby" class="standby" hidden></p>
    <main>
      <section id="pools" class="card">
        <h2>Pools</h2>
        <table id="pool-table">
          <thead><tr><th>pool</th><th>health</th><th class="num">size</th><th class="num">busy</th><th class="num">queued</th>
          <th class="num">p50</th><th class="num">p99</th><th class="num">done</th><th class="num">failed</th><th>scale</th></tr></thead>
          <tbody></tbody>
        </table>
        <h3>Workers</h3>
        <table id="worker-table">
          <thead><tr><th>pid</th><th>pool</th><th>state</th><th class="num">in flight</th><th class="num">done</th>
          <th class="num">failed</th><th>heartbeat</th></tr></thead>
          <tbody></tbody>
        </table>
        <p id="scale-result" class="note"></p>
      </section>
      <section id="actions" class="card">
        <h2>Actions <span id="action-count" class="muted small"></span></h2>
        <div class="row">
          <input id="action-filter" type="search" placeholder="filter by path prefix, e.g. sessions.id=1" autocomplete="off">
          <button id="pause-button" class="secondary" title="hold the list still; resume catches up">❚❚ pause</button>
        </div>
        <ol id="action-list"></ol>
        <div id="action-diff" class="diff"><p class="note">Click an action to see the change it made.</p></div>
      </section>
      <section id="state" class="card">
        <h2>State <span id="state-sequence" class="muted small"></span></h2>
        <div class="row">
          <input id="state-path" type="search" placeholder="follow a path, e.g. sessions.id=1.search" autocomplete="off">
          <button id="live-button" class="secondary" title="follow the live state">● live</button>
        </div>
        <div class="history">
          <input id="history-slider" type="range" min="0" max="0" value="0" step="1" aria-label="history">
          <span id="history-label" class="muted small">history starts when a page connects</span>
        </div>
        <div class="row small">
          <button id="pin-button" class="secondary">Pin this point</button>
          <span id="pin-label" class="muted"></span>
        </div>
        <div id="history-diff" class="diff"></div>
        <div id="state-tree" class="tree"></div>
      </section>
      <section id="send" class="card">
        <h2>Send an action</h2>
        <textarea id="send-text" spellcheck="false" rows="5" placeholder='{"caseName":{"label":"value"}}'></textarea>
        <div class="row"><button id="send-button">Send</button><span class="muted small">JSON, as <code>switchyard send</code> takes it</span></div>
        <pre id="send-result" class="note"></pre>
      </section>
      <section id="graphs" class="card wide">
        <h2>Throughput, latency, queues <span id="graph-span" class="muted small"></span></h2>
        <div class="graphs">
          <div><svg id="graph-throughput" class="graph"></svg><div class="legend small"></div></div>
          <div><svg id="graph-latency" class="graph"></svg><div class="legend small"></div></div>
          <div><svg id="graph-queue" class="graph"></svg><div class="legend small"></div></div>
        </div>
      </section>
      <section id="effects" class="card wide">
        <h2>Effects <span id="effect-count" class="muted small"></span></h2>
        <div class="row small">
          <button id="effects-recent-tab" class="secondary active">latest</button>
          <button id="effects-failed-tab" class="secondary">failed</button>
          <span class="muted">remote effects started since a page connected; click one for its life</span>
        </div>
        <div class="effects">
          <div class="scroll">
            <table id="effect-table">
              <thead><tr><th class="num">id</th><th>pool</th><th>state</th><th class="num">attempts</th><th class="num">worker</th>
              <th class="num">outputs</th><th class="num">took</th><th class="num">started by</th><th>error</th></tr></thead>
              <tbody></tbody>
            </table>
          </div>
          <div id="effect-life" class="diff"><p class="note">Click an effect to see its life.</p></div>
        </div>
      </section>
    </main>
    <script>\#(script + actionScript + stateScript + effectScript + graphScript + whatIfScript)</script>
    </body>
    </html>

    """#
}
