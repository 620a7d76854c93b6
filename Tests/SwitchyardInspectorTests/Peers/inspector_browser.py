#!/usr/bin/env python3
"""Drives the inspector page in headless Chromium over the DevTools protocol, as a person would.

Usage: inspector_browser.py PAGE_URL SCREENSHOT_DIR [tour | before-restart | after-restart SEQUENCE | standby LEADER]
tour (the default) opens the page, waits for the pool table, sends an action from the send box and
sees the state change, scales the search pool and sees its worker count change, drags the history
slider and sees an older state. before-restart sends an action from the page and prints
"sequence: N", its number in the action list; after-restart N, against the coordinator restarted on
the same journal, sends another, drags the slider back to N and sees the state that action left.
standby LEADER, against a standby's read-only inspector, sees the banner naming LEADER, the send
box turned off and the copy's state, and the refusal when it sends anyway.
Writes a screenshot per step into SCREENSHOT_DIR. Exits 0 when every step passed; otherwise prints
which step failed and why, and exits 1. Chromium is always killed.
"""
import asyncio, base64, json, os, shutil, subprocess, sys, tempfile, time, urllib.request

import websockets

QUERY_PATH = "sessions.id=1.search.query"
ACTION = '{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"copper kettle"}}}}}'
LATER_ACTION = '{"sessions":{"element":{"id":"1","action":{"search":{"searchQueryChanged":"brass lamp"}}}}}'


class Step(Exception):
    pass


class Browser:
    def __init__(self, socket):
        self.socket, self.next_id, self.pending, self.page_errors = socket, 0, {}, []
        self.reader = asyncio.create_task(self.read())

    async def read(self):
        try:
            async for raw in self.socket:
                message = json.loads(raw)
                if message.get("method") == "Runtime.exceptionThrown":
                    details = message["params"]["exceptionDetails"]
                    self.page_errors.append(details.get("exception", {}).get("description") or details.get("text"))
                future = self.pending.pop(message.get("id"), None)
                if future and not future.done():
                    future.set_result(message)
        except websockets.ConnectionClosed:
            pass

    async def call(self, method, reply_within=15, **params):
        self.next_id += 1
        future = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        await self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        message = await asyncio.wait_for(future, reply_within)
        if "error" in message:
            raise Step(f"{method} failed: {message['error']}")
        return message["result"]

    async def evaluate(self, expression):
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise Step(f"script failed: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    async def wait_for(self, what, expression, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = await self.evaluate(expression)
            if value:
                return value
            await asyncio.sleep(0.1)
        raise Step(f"timed out after {timeout} s waiting for {what}")

    async def click_until(self, selector, done, what):
        """Clicks `selector` until `done` holds, at most three times: under load a card above it can
        still move between the check `click` makes and the press, and the press lands beside it."""
        for _ in range(3):
            await self.click(selector)
            try:
                return await self.wait_for(what, done, timeout=5)
            except Step:
                pass
        raise Step(f"three clicks on {selector} and still not {what}")

    async def center(self, selector):
        rect = await self.evaluate(
            f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
            " return {x: r.left + r.width / 2, y: r.top + r.height / 2, left: r.left, right: r.right}; })()")
        return rect

    async def click(self, selector):
        """Clicks the element's centre once the element is what is there: a card above it that
        grows as status or actions arrive would otherwise move it between measuring and pressing."""
        await self.evaluate(f"document.querySelector({json.dumps(selector)}).scrollIntoView({{block: 'center'}})")
        for _ in range(20):
            point = await self.center(selector)
            hit = (f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                   f" const at = document.elementFromPoint({point['x']}, {point['y']}); return !!at && (e === at || e.contains(at)); }})()")
            if await self.evaluate(hit):
                break
            await asyncio.sleep(0.1)
        else:
            raise Step(f"{selector} stayed covered or kept moving: nothing clicked")
        for kind in ("mousePressed", "mouseReleased"):
            await self.call("Input.dispatchMouseEvent", type=kind, x=point["x"], y=point["y"], button="left", clickCount=1)

    async def type_into(self, selector, text):
        await self.evaluate(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); e.focus(); e.select(); }})()")
        await self.call("Input.insertText", text=text)

    async def screenshot(self, directory, name):
        # Rendering the whole page took Chromium over 15 s once, on two cores shared with a full run.
        data = await self.call("Page.captureScreenshot", reply_within=60, format="png", captureBeyondViewport=True)
        path = os.path.join(directory, name)
        with open(path, "wb") as file:
            file.write(base64.b64decode(data["data"]))
        print(f"screenshot: {path}", flush=True)


def leaf(path):
    return f"(document.querySelector('[data-path=\"{path}\"] .leaf') || {{}}).textContent"


SLIDER = "document.getElementById('history-slider')"
LIVE = "document.getElementById('live-button').classList.contains('active')"


async def settled_slider(browser):
    """The slider's box once it has stayed put for 0.2 s, scrolled into view.

    The cards above it grow as status and actions arrive; a press aimed at a box that has since
    moved misses the slider, and then the arrow keys go elsewhere.
    """
    await browser.evaluate(f"{SLIDER}.scrollIntoView({{block: 'center'}})")
    box = await browser.center("#history-slider")
    for _ in range(50):
        await asyncio.sleep(0.2)
        again = await browser.center("#history-slider")
        if again == box:
            return box
        box = again
    raise Step(f"the slider kept moving on the page: last at {box}")


def thumb_x(slider, value, low, high):
    # Chromium's thumb is 16 px wide: its centre runs from 8 px after the left end to 8 px before the right.
    return slider["left"] + 8 + (slider["right"] - slider["left"] - 16) * (value - low) / max(1, high - low)


async def slider_focused(browser):
    return await browser.evaluate(f"document.activeElement === {SLIDER}")


async def slide_to(browser, value):
    """Drags the history slider's thumb to about `value`, then steps to it with the arrow keys."""
    low, high = await browser.evaluate(f"(() => {{ const s = {SLIDER}; return [Number(s.min), Number(s.max)]; }})()")
    if not low <= value <= high:
        raise Step(f"the slider ranges over #{low}–#{high}, not over #{value}")
    for _ in range(5):
        slider = await settled_slider(browser)
        target, start = thumb_x(slider, value, low, high), slider["right"] - 6
        await browser.call("Input.dispatchMouseEvent", type="mousePressed", x=start, y=slider["y"], button="left", clickCount=1)
        for step in range(1, 11):
            x = start + (target - start) * step / 10
            await browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=slider["y"], button="left", buttons=1)
        await browser.call("Input.dispatchMouseEvent", type="mouseReleased", x=target, y=slider["y"], button="left", clickCount=1)
        if await slider_focused(browser):
            break
        print(f"a drag at y={slider['y']} missed the slider; measuring it again", flush=True)
    else:
        raise Step("five drags missed the slider: it never took the focus")
    for _ in range(200):
        current = int(await browser.evaluate(f"{SLIDER}.value"))
        if current == value:
            return
        key, code = ("ArrowLeft", 37) if current > value else ("ArrowRight", 39)
        for kind in ("keyDown", "keyUp"):
            await browser.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code)
    state = await browser.evaluate(
        f"(() => {{ const s = {SLIDER}; return `at ${{s.value}} of ${{s.min}}–${{s.max}}, focus on ${{document.activeElement.id || document.activeElement.tagName}}`; }})()")
    raise Step(f"the slider did not reach #{value}: {state}")


async def diff_shows(browser, panel, text, what):
    """Waits for the diff in `#panel` to show `text`, pressing "show more" as a person would:
    a diff shows its changes a page at a time."""
    found = f"document.getElementById('{panel}').textContent.includes({json.dumps(text)})"
    more = f"document.querySelector('#{panel} .more')"
    await browser.wait_for(what, f"{found} || ({more} && !{more}.hidden)")
    while not await browser.evaluate(found):
        if await browser.evaluate(f"!{more} || {more}.hidden"):
            raise Step(f"{what}: the whole diff is shown and lacks {text!r}")
        await browser.click(f"#{panel} .more")


async def send_from_page(browser, action, query):
    """Sends `action` from the send box, sees `query` in the live state, and returns its sequence number."""
    await browser.type_into("#send-text", action)
    await browser.click("#send-button")
    await browser.wait_for("'sent' under the send box", "document.getElementById('send-result').textContent === 'sent'")
    await browser.wait_for(f"{query} in the state tree", f"{leaf(QUERY_PATH)} === '{json.dumps(query)}'")
    entry = ("[...document.querySelectorAll('#action-list li')].find(li => li.textContent.includes('searchQueryChanged')"
             f" && li.querySelector('.path').title.includes({json.dumps(query)}))")
    await browser.wait_for("the action in the stream", f"!!{entry}")
    await browser.evaluate(f"{entry}.scrollIntoView({{block: 'center'}})")
    return int(await browser.evaluate(f"{entry}.dataset.sequence"))


async def open_page(browser, url):
    await browser.call("Page.enable")
    await browser.call("Runtime.enable")
    await browser.call("Emulation.setDeviceMetricsOverride", width=1440, height=1000, deviceScaleFactor=1, mobile=False)
    await browser.call("Page.navigate", url=url)
    await browser.wait_for("the page", "!!document.getElementById('connection')")
    await browser.wait_for("the live connection", "document.getElementById('connection').textContent === 'live'")
    await browser.wait_for("the live state", "document.getElementById('state-sequence').textContent.startsWith('live')")
    await browser.type_into("#state-path", "sessions.id=1.search")


async def before_restart(browser, url, shots):
    await open_page(browser, url)
    sequence = await send_from_page(browser, ACTION, "copper kettle")
    await browser.screenshot(shots, "r1-before-restart.png")
    print(f"sequence: {sequence}", flush=True)


async def after_restart(browser, url, shots, earlier):
    await open_page(browser, url)
    sequence = await send_from_page(browser, LATER_ACTION, "brass lamp")
    if sequence <= earlier:
        raise Step(f"the action sent after the restart is #{sequence}, not after #{earlier}: numbers restarted")
    await browser.screenshot(shots, "r2-after-restart.png")
    await browser.wait_for("the journal's range on the slider", "document.getElementById('history-label').textContent.includes('journal')")
    await slide_to(browser, earlier)
    await browser.wait_for(f"the state after #{earlier}", f"document.getElementById('state-sequence').textContent === 'after #{earlier}'")
    await browser.wait_for("the query from before the restart", f"{leaf(QUERY_PATH)} === '\"copper kettle\"'")
    await browser.screenshot(shots, "r3-before-restart-state.png")
    await browser.click("#pin-button")
    await browser.click_until("#live-button", LIVE, "the live state")
    await diff_shows(browser, "history-diff", "brass lamp", "the diff from before the restart")
    await browser.screenshot(shots, "r4-since-before-restart.png")


async def standby(browser, url, shots, leader):
    await browser.call("Page.enable")
    await browser.call("Runtime.enable")
    await browser.call("Emulation.setDeviceMetricsOverride", width=1440, height=1000, deviceScaleFactor=1, mobile=False)
    await browser.call("Page.navigate", url=url)
    await browser.wait_for("the live connection", "!!document.getElementById('connection') && document.getElementById('connection').textContent === 'live'")
    banner = await browser.wait_for("the standby's banner", "!document.getElementById('standby').hidden && document.getElementById('standby').textContent")
    if "stands by" not in banner or leader not in banner:
        raise Step(f"the banner does not say it stands by behind {leader}: {banner}")
    if not await browser.evaluate("document.getElementById('send-button').disabled"):
        raise Step("the send button is on, on a standby")
    await browser.wait_for("the copy's state", "document.getElementById('state-sequence').textContent.startsWith('live')")
    await browser.screenshot(shots, "s1-standby.png")
    # Sent anyway, by the page's own function (each status turns the button off again), the send
    # is refused naming the leader.
    await browser.type_into("#send-text", '{"tick":{}}')
    await browser.evaluate("send()")
    # A minute, a bound on a hang: a loaded full run's answers took over the default 20 s.
    refusal = await browser.wait_for(
        "the refusal", "document.getElementById('send-result').className.includes('error') && document.getElementById('send-result').textContent",
        timeout=60)
    if leader not in refusal:
        raise Step(f"the refusal does not name the leader: {refusal}")
    await browser.screenshot(shots, "s2-refused.png")
    if browser.page_errors:
        raise Step(f"the page's script threw: {browser.page_errors}")


async def drive(url, shots, devtools, scenario):
    with urllib.request.urlopen(f"http://127.0.0.1:{devtools}/json/list", timeout=10) as answer:
        page = next(t for t in json.load(answer) if t["type"] == "page")
    async with websockets.connect(page["webSocketDebuggerUrl"], max_size=None) as socket:
        browser = Browser(socket)
        try:
            await scenario(browser, url, shots)
        except Step:
            await browser.screenshot(shots, "failed.png")
            raise
        finally:
            browser.reader.cancel()
    print("inspector browser test: all steps passed", flush=True)


async def steps(browser, url, shots):
    await browser.call("Page.enable")
    await browser.call("Runtime.enable")
    await browser.call("Emulation.setDeviceMetricsOverride", width=1440, height=1000, deviceScaleFactor=1, mobile=False)
    await browser.call("Page.navigate", url=url)

    # 1. The pool table fills from the live status.
    await browser.wait_for("the pool table", "document.querySelectorAll('#pool-table tbody tr').length >= 3")
    await browser.wait_for("the live connection", "document.getElementById('connection').textContent === 'live'")
    await browser.wait_for("the history's first state", "document.getElementById('history-slider').max !== undefined && document.getElementById('state-sequence').textContent.startsWith('live')")
    await browser.type_into("#state-path", "sessions.id=1.search")
    before = await browser.wait_for("the session's query in the state tree", leaf(QUERY_PATH))
    await browser.screenshot(shots, "1-pools.png")

    # 2. An action sent from the page changes the state.
    await browser.type_into("#send-text", ACTION)
    await browser.click("#send-button")
    await browser.wait_for("'sent' under the send box", "document.getElementById('send-result').textContent === 'sent'")
    await browser.wait_for("the new query in the state tree", f"{leaf(QUERY_PATH)} === '\"copper kettle\"'")
    await browser.click("#action-list li[data-sequence]:last-child")
    # Paused while a row is picked, as inspector_real_use.py does: near the end of a live list each
    # feed message shifts the rows, and a press landed on the row after the one measured.
    await browser.click("#pause-button")
    entry = "[...document.querySelectorAll('#action-list li')].find(li => li.textContent.includes('searchQueryChanged'))"
    await browser.wait_for("the action in the stream", f"!!{entry}")
    await browser.evaluate(f"{entry}.scrollIntoView({{block: 'center'}})")
    sequence = await browser.evaluate(f"{entry}.dataset.sequence")
    await browser.click(f"#action-list li[data-sequence='{sequence}']")
    await browser.click("#pause-button")
    await diff_shows(browser, "action-diff", "search.query", "the diff of the action")
    await browser.screenshot(shots, "2-sent.png")

    # 3. Scaling the search pool changes its worker count.
    search_workers = "document.querySelectorAll('#worker-table tbody tr[data-pool=\"search\"]').length"
    workers = await browser.wait_for("search workers", search_workers)
    target = workers + 1
    await browser.type_into("#pool-table tr[data-pool='search'] input", str(target))
    await browser.click("#pool-table tr[data-pool='search'] button")
    await browser.wait_for(f"{target} search workers", f"{search_workers} === {target}", timeout=30)
    await browser.wait_for("the pool's size", f"document.querySelector('#pool-table tr[data-pool=\"search\"] .size').textContent === '{target}'", timeout=30)
    await browser.screenshot(shots, "3-scaled.png")

    # 4. Dragging the history slider back shows the state from before the action: with a journal
    # the slider's positions are sequence numbers, and it goes to the one just before; without, it
    # steps through the states kept since the page connected, and goes to the first.
    await browser.wait_for("history", "document.getElementById('history-label').textContent.includes('#')")
    if await browser.evaluate("document.getElementById('history-label').textContent.includes('journal')"):
        await browser.wait_for("history up to the action", f"Number(document.getElementById('history-slider').max) >= {sequence}")
        await slide_to(browser, int(sequence) - 1)
        await browser.wait_for("an older state", f"document.getElementById('state-sequence').textContent === 'after #{int(sequence) - 1}'")
    else:
        await browser.wait_for("history with several states", "Number(document.getElementById('history-slider').max) >= 1")
        await slide_to(browser, 0)
        await browser.wait_for("an older state", "document.getElementById('state-sequence').textContent.startsWith('after #')")
    older = await browser.wait_for("the old query", f"{leaf(QUERY_PATH)} !== '\"copper kettle\"' && {leaf(QUERY_PATH)}")
    if older != before:
        raise Step(f"the oldest state's query is {older}, expected {before} as before the action")
    await browser.screenshot(shots, "4-history.png")
    await browser.click("#pin-button")
    await browser.click_until("#live-button", LIVE, "the live state")
    await diff_shows(browser, "history-diff", "copper kettle", "the diff from the pinned point")
    await browser.screenshot(shots, "5-since-pinned.png")
    if browser.page_errors:
        raise Step(f"the page's script threw: {browser.page_errors}")


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


async def main():
    url, shots = sys.argv[1], sys.argv[2]
    mode = sys.argv[3] if len(sys.argv) > 3 else "tour"
    scenarios = {
        "tour": steps,
        "before-restart": before_restart,
        "after-restart": lambda browser, url, shots: after_restart(browser, url, shots, int(sys.argv[4])),
        "standby": lambda browser, url, shots: standby(browser, url, shots, sys.argv[4]),
    }
    if mode not in scenarios:
        print(f"unknown mode {mode}: give tour, before-restart, after-restart SEQUENCE or standby LEADER", flush=True)
        return 2
    return await in_chromium(url, shots, scenarios[mode])


async def in_chromium(url, shots, scenario):
    """Starts headless Chromium, runs `scenario(browser, url, shots)` in it, and kills it: 0 when
    every step passed, 1 when one failed, 77 without Chromium."""
    os.makedirs(shots, exist_ok=True)
    executable = chromium()
    if not executable:
        print("chromium is not installed: apt-get install -y chromium", flush=True)
        return 77
    profile = tempfile.mkdtemp(prefix="sy-chromium-")
    # Killed with this script however it ends (the test kills the script if the test process dies).
    die_with_us = [shutil.which("setpriv"), "--pdeathsig", "KILL", "--"] if shutil.which("setpriv") else []
    process = subprocess.Popen(
        die_with_us + [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", f"--user-data-dir={profile}",
         "--window-size=1440,1000", "about:blank"],
        # Its temporary files (the singleton lock's directory) inside the profile, which goes with
        # it: killed, Chromium leaves them behind.
        env=dict(os.environ, TMPDIR=profile),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.monotonic() + 30
        while not (os.path.exists(port_file) and open(port_file).read().strip()):
            if time.monotonic() > deadline or process.poll() is not None:
                print("chromium did not open its DevTools port", flush=True)
                return 1
            await asyncio.sleep(0.1)
        devtools = int(open(port_file).read().split()[0])
        await asyncio.wait_for(drive(url, shots, devtools, scenario), 150)
        return 0
    except Step as failure:
        print(f"inspector browser test failed: {failure}", flush=True)
        return 1
    finally:
        process.kill()
        process.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
