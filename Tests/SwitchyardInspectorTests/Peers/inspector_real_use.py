#!/usr/bin/env python3
"""Drives the inspector page in headless Chromium while `switchyard load` runs, as a person reading it would.

Usage: inspector_real_use.py PAGE_URL SCREENSHOT_DIR LOAD_PID
Checks, in order: the header stays at the top of a scrolled page; the live list holds still while
paused (and while scrolled up to read) and catches up on resume; clicking an action shows it
pretty-printed with sorted keys, moves the state view and the slider to it, and the slider names it;
its "what if" replays it edited, and left out, on a copy that the live state never sees;
a diff of many changes shows a page of them with "show more", and the page's height stays bounded
however many are shown; a search or pagination worker killed under load leaves an effect whose life shows the
lost attempt and the next one; the graphs draw; once it ends the load (LOAD_PID), the header's,
the list's and the state's "now" agree; and once the coordinator is killed (by the pid the page shows) the pools read "unreachable". Writes screenshots
into SCREENSHOT_DIR; exits 0 when every step passed, else prints the failed step and exits 1.
"""
import asyncio, json, os, signal, sys

from inspector_browser import LIVE, SLIDER, Step, in_chromium, open_page, slide_to

LIST = "document.getElementById('action-list')"
ITEMS = f"[...{LIST}.querySelectorAll('li')].map(li => Number(li.dataset.sequence))"
PAGE_HEIGHT = "document.documentElement.scrollHeight"


async def header_is_sticky(browser):
    await browser.call("Emulation.setDeviceMetricsOverride", width=1440, height=500, deviceScaleFactor=1, mobile=False)
    await browser.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    await browser.wait_for("the page to scroll", "window.scrollY > 0")
    top = await browser.evaluate("document.querySelector('header').getBoundingClientRect().top")
    await browser.evaluate("window.scrollTo(0, 0)")
    await browser.call("Emulation.setDeviceMetricsOverride", width=1440, height=1000, deviceScaleFactor=1, mobile=False)
    if top != 0:
        raise Step(f"the header scrolled away: its top is at {top} px on a scrolled page")
    # The demo journals as version 1 of its data, and nothing older is kept.
    await browser.wait_for("the header's data version", "document.getElementById('stat-data-version').textContent === 'v1'")


async def list_holds_still(browser, shots):
    await browser.wait_for("twenty actions in the list", f"{LIST}.children.length >= 20")
    await browser.click("#pause-button")
    held = await browser.evaluate(ITEMS)
    await browser.wait_for("actions arriving while paused", "view.unseen >= 5")
    if await browser.evaluate(ITEMS) != held:
        raise Step("the list changed while paused")
    if "paused" not in await browser.evaluate("document.getElementById('action-count').textContent"):
        raise Step("the count does not say the list is paused")
    await browser.screenshot(shots, "u1-paused.png")
    await browser.click("#pause-button")
    await browser.wait_for("the list catching up on resume", f"Math.max(...{ITEMS}) > {max(held)}")

    # Scrolled up to read, the list holds still too, rows where they were; back at the bottom it catches up.
    await browser.evaluate(f"{LIST}.scrollTop = 0")
    await browser.wait_for("the list to hold while scrolled up", "view.holding")
    held = await browser.evaluate(ITEMS)
    await browser.wait_for("actions arriving while scrolled up", "view.unseen >= 5")
    if await browser.evaluate(ITEMS) != held or await browser.evaluate(f"{LIST}.scrollTop") != 0:
        raise Step("the list moved under a reader scrolled up")
    await browser.evaluate(f"{LIST}.scrollTop = {LIST}.scrollHeight")
    await browser.wait_for("the list catching up at the bottom", f"Math.max(...{ITEMS}) > {max(held)}")


async def selecting_moves_the_state(browser, shots):
    await browser.click("#pause-button")
    entry = f"[...{LIST}.querySelectorAll('li')].find(li => li.textContent.includes('searchQueryChanged'))"
    await browser.wait_for("a search in the list", f"!!{entry}")
    await browser.evaluate(f"{entry}.scrollIntoView({{block: 'center'}})")
    sequence = int(await browser.evaluate(f"{entry}.dataset.sequence"))
    path = await browser.evaluate(f"{entry}.querySelector('.path').textContent")
    await browser.click(f"#action-list li[data-sequence='{sequence}']")
    await browser.click("#pause-button")
    # With the journal (as here) the state after every action can be rebuilt: exactly this one's.
    await browser.wait_for(f"the state after #{sequence}", f"document.getElementById('state-sequence').textContent === 'after #{sequence}'")
    label = await browser.evaluate("document.getElementById('history-label').textContent")
    if not label.startswith(f"#{sequence} {path}"):
        raise Step(f"the slider's label is '{label}', not naming #{sequence} {path}")
    position = int(await browser.evaluate(f"{SLIDER}.value"))
    if position != sequence:
        raise Step(f"the slider is at #{position}, not at the selected #{sequence}")
    text = await browser.wait_for("the action's JSON", "(document.querySelector('#action-diff .action-json') || {}).textContent")
    if "\n  " not in text:
        raise Step(f"the action is not pretty-printed: {text!r}")
    if text != json.dumps(json.loads(text), indent=2, sort_keys=True, ensure_ascii=False):
        raise Step(f"the action's keys are not in a stable (sorted) order: {text}")
    await browser.wait_for("the action's diff", "document.getElementById('action-diff').textContent.includes('search.query')")
    await browser.screenshot(shots, "u2-selected.png")
    await what_if(browser, shots, text)


async def what_if(browser, shots, text):
    """Edits the selected action's query, replays it on a copy and sees the difference; the live
    state never takes the edited query."""
    await browser.click("#action-diff .what-if summary")
    edited = json.dumps(replace_query(json.loads(text), WHAT_IF), indent=2)
    await browser.type_into("#action-diff .what-if-text", edited)
    await browser.click("#action-diff .what-if-replay")
    result = "document.querySelector('#action-diff .what-if-result').textContent"
    await browser.wait_for("the edited replay's difference", f"{result}.includes({json.dumps(WHAT_IF)}) && {result}.includes('search.query')")
    await browser.screenshot(shots, "u6-what-if.png")
    await browser.click("#action-diff .what-if-skip")
    await browser.wait_for("the replay without the action", f"{result}.includes('left out') && {result}.includes('search.query')")
    live = await browser.evaluate("request('state').then(m => JSON.stringify(m.state))")
    if WHAT_IF in live:
        raise Step("the live state took the what-if's edited query")


WHAT_IF = "what-if kettle"


def replace_query(value, query):
    if isinstance(value, dict):
        return {k: (query if k == "searchQueryChanged" else replace_query(v, query)) for k, v in value.items()}
    return value


async def an_effects_life(browser, shots):
    # A search or pagination worker killed under load: the effects it ran are tried again on another
    # worker. A worker's replies can still be in its pipe when it dies, and the effects they end are
    # not lost; nor are searches the user's next keystroke cancelled before the kill, which under
    # this load is most of them: a kill that loses none is tried again on another busy worker.
    misses = []
    for _ in range(3):
        # The worker running the most effects, and their ids, asked for just before the kill: under
        # load the page's list (the newest 200) scrolls past them within seconds, but their lives
        # are kept, as a click on a row shows.
        busiest = ("Promise.race([request('effects').then(m => {"
                   " const running = m.recent.filter(e => (e.kind === 'search' || e.kind === 'pagination') && e.state === 'running' && e.pid);"
                   " const counts = {}; for (const e of running) counts[e.pid] = (counts[e.pid] || 0) + 1;"
                   " const pid = Number(Object.keys(counts).sort((a, b) => counts[b] - counts[a])[0]);"
                   " return pid ? { pid, ids: running.filter(e => e.pid === pid).map(e => e.id) } : null; }),"
                   " new Promise(done => setTimeout(() => done(null), 10000))])")
        found = await browser.wait_for("a worker running searches or pages", busiest, timeout=30)
        pid, candidates = found["pid"], found["ids"]
        os.kill(pid, signal.SIGKILL)
        # A lost attempt is tried again after a backoff, unless the user's next keystroke cancels it
        # first. Their lives are asked for at once, each given up after 10 s, so a loaded
        # coordinator's slow answers cannot outlast the browser's own timeout.
        lives = (f"Promise.all({json.dumps(candidates)}.map(id => Promise.race(["
                 " request('effect', { effect: id }).then(m => m.life, () => null),"
                 " new Promise(done => setTimeout(() => done(null), 10000))])))")
        lost = (f"{lives}.then(lives => (lives.find(l => l && l.retries.length"
                " && (l.attempts.length > 1 || l.state === 'cancelled')) || {}).id)")
        try:
            effect = await browser.wait_for(f"one of effects {candidates} to show its lost attempt", lost, timeout=15)
            break
        except Step:
            states = await browser.evaluate(f"{lives}.then(lives => lives.map(l => l ? `${{l.id}}: ${{l.state}}, ${{l.retries.length}} lost` : 'gone'))")
            misses.append(f"worker {pid}: {states}")
    else:
        raise Step(f"no killed worker left an effect with a lost attempt: {misses}")
    life = "document.getElementById('effect-life').textContent"
    await browser.evaluate(f"showEffect({effect})")
    await browser.wait_for(f"effect {effect}'s life", f"{life}.includes('attempt lost')")
    text = await browser.evaluate(life)
    for step in ("started by action #", f"on worker pid {pid}", "attempt lost"):
        if step not in text:
            raise Step(f"effect {effect}'s life lacks '{step}': {text}")
    if '"query"' not in text and '"page"' not in text:
        raise Step(f"effect {effect}'s life shows no job, neither a search's query nor a page: {text}")
    if "attempt 2 on worker pid" not in text and "cancelled" not in text:
        raise Step(f"effect {effect} was neither tried again nor cancelled: {text}")
    row = f"(view.effects.recent.find(e => e.id === {effect}) || {{}}).lost"
    print(f"effect {effect} in the page's list with {await browser.evaluate(row) or 'no longer'} lost; kills that lost nothing: {misses}", flush=True)
    print(f"the life of effect {effect}: {text}", flush=True)
    await browser.click("#effects-failed-tab")
    await browser.wait_for("the failed effects' tab", "document.getElementById('effects-failed-tab').classList.contains('active')")
    await browser.screenshot(shots, "u5-effect-life.png")
    await browser.click("#effects-recent-tab")


async def graphs_draw(browser):
    for graph in ("throughput", "latency", "queue"):
        points = await browser.wait_for(f"the {graph} graph", f"(() => {{ const l = document.querySelector('#graph-{graph} polyline'); return l && l.getAttribute('points').split(' ').length >= 3 && l.getAttribute('points'); }})()")
        if "NaN" in points:
            raise Step(f"the {graph} graph has points that are not numbers: {points}")
    if await browser.evaluate("[...document.querySelectorAll('#effect-table td')].some(td => td.textContent.includes('NaN'))"):
        raise Step("the effects table shows NaN")


async def big_diffs_stay_bounded(browser, shots):
    low = int(await browser.evaluate(f"{SLIDER}.min"))
    await slide_to(browser, low)
    await browser.click("#pin-button")
    await browser.click_until("#live-button", LIVE, "the live state")
    more = "document.querySelector('#history-diff .more')"
    await browser.wait_for("a diff of many changes with 'show more'", f"{more} && !{more}.hidden", timeout=30)
    before = await browser.evaluate("document.querySelectorAll('#history-diff .change').length")
    if before > 25:
        raise Step(f"the diff shows {before} changes at first, more than a page of 25")
    heights = [await browser.evaluate(PAGE_HEIGHT)]
    for _ in range(6):
        if await browser.evaluate(f"{more}.hidden"):
            break
        await browser.click("#history-diff .more")
        heights.append(await browser.evaluate(PAGE_HEIGHT))
    after = await browser.evaluate("document.querySelectorAll('#history-diff .change').length")
    if after <= before:
        raise Step(f"'show more' showed nothing more: {before} then {after} changes")
    box = await browser.evaluate("document.querySelector('#history-diff .changes').getBoundingClientRect().height")
    if box > 330 or max(heights) - heights[0] > 100 or max(heights) > 3200:
        cards = await browser.evaluate("[...document.querySelectorAll('section')].map(s => s.id + ' ' + Math.round(s.getBoundingClientRect().height))")
        raise Step(f"the page grew with the diff: the changes' box is {box} px, the page {heights} px; cards: {cards}")
    slider_top = await browser.evaluate(f"{SLIDER}.getBoundingClientRect().top + window.scrollY")
    if slider_top > 1600:
        raise Step(f"the slider was pushed down to {slider_top} px")
    print(f"page heights while showing {before}→{after} changes: {heights} px; slider at {slider_top} px", flush=True)
    await browser.screenshot(shots, "u3-big-diff.png")


async def one_now(browser):
    # Once the load has ended the header's now, the list's last action and the live state settle on one number.
    await browser.click_until("#live-button", LIVE, "the live state")
    await browser.evaluate(f"{LIST}.scrollTop = {LIST}.scrollHeight")
    agree = ("(() => { const now = document.getElementById('stat-now').textContent;"
             f" const last = '#' + Math.max(...{ITEMS});"
             " const state = document.getElementById('state-sequence').textContent.replace('live, after ', '');"
             " return now === last && now === state ? now : ''; })()")
    return await browser.wait_for("header, list and state to agree on now", agree, timeout=60)


async def pools_unreachable(browser, shots):
    pid = int(await browser.evaluate("document.getElementById('stat-pid').textContent"))
    os.kill(pid, signal.SIGTERM)
    await browser.wait_for("the page to notice", "document.getElementById('connection').className.includes('off')", timeout=30)
    badges = "[...document.querySelectorAll('#pool-table tbody tr td:nth-child(2)')].map(td => td.textContent)"
    health = await browser.wait_for("pools reading unreachable", f"(() => {{ const b = {badges}; return b.length && b.every(t => t === 'unreachable') && b; }})()")
    print(f"pools after the coordinator left: {health}", flush=True)
    await browser.screenshot(shots, "u4-unreachable.png")


async def scenario(browser, url, shots):
    await open_page(browser, url)
    await browser.type_into("#state-path", "")
    await header_is_sticky(browser)
    await list_holds_still(browser, shots)
    await an_effects_life(browser, shots)
    await big_diffs_stay_bounded(browser, shots)
    await selecting_moves_the_state(browser, shots)
    await graphs_draw(browser)
    # Every step that needs traffic is done: the load ends here, however long the page took.
    os.kill(LOAD_PID, signal.SIGTERM)
    print(f"one now: {await one_now(browser)}", flush=True)
    await pools_unreachable(browser, shots)
    if browser.page_errors:
        raise Step(f"the page's script threw: {browser.page_errors}")


if __name__ == "__main__":
    LOAD_PID = int(sys.argv[3])
    sys.exit(asyncio.run(in_chromium(sys.argv[1], sys.argv[2], scenario)))
