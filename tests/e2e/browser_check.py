#!/usr/bin/env python3
"""browser_check.py - a real browser uploads a bundle through faultline
serve's page and reads the report it is sent to.

Drives headless chromium over the DevTools protocol on a pipe
(--remote-debugging-pipe: NUL-separated JSON on the child's fds 3 and 4),
with the standard library only. Through the page's own form (file input,
token field, its button; the page's script does the PUT and follows the
run) it uploads BUNDLE, waits to be sent to /runs/ID.html, and checks
there that the log line's <script> is shown as text and nothing of the log
became an element, that no dialog opened, and that the browser reported no
Content-Security-Policy violation on either page. Last it adds an inline
script to the report page itself, which the policy must refuse and the
browser report: the proof that a violation would have been seen.

usage: browser_check.py CHROMIUM URL TOKEN BUNDLE PROFILE_DIR
Exit 0 when every check holds, else 1 with one line saying which failed.
Everything is bounded by DEADLINE seconds.
"""
import json
import os
import re
import select
import subprocess
import sys
import time

DEADLINE = 45.0
HOSTILE = "<script>alert(1)</script>"


class Fail(Exception):
    pass


class Browser:
    """One chromium child and its protocol pipe."""

    def __init__(self, exe, profile, until):
        self.until = until
        cmd_r, self.cmd_w = os.pipe()
        self.res_r, res_w = os.pipe()

        def child_fds():
            # dup first: a pipe end may already be fd 3 or 4
            a, b = os.dup(cmd_r), os.dup(res_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [exe, "--headless=new", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--user-data-dir=" + profile,
             "--no-first-run", "--no-default-browser-check", "about:blank"],
            preexec_fn=child_fds, close_fds=False, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=open(profile + ".log", "w"))
        os.close(cmd_r)
        os.close(res_w)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def _read(self):
        while b"\0" not in self.buf:
            left = self.until - time.monotonic()
            if left <= 0:
                raise Fail("the browser did not answer in time")
            ready, _, _ = select.select([self.res_r], [], [], left)
            if ready:
                chunk = os.read(self.res_r, 1 << 16)
                if not chunk:
                    raise Fail("the browser exited")
                self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        while True:
            m = self._read()
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise Fail("%s: %s" % (method, m["error"].get("message")))
                return m["result"]
            if "method" in m:
                self.events.append(m)

    def close(self):
        self.proc.kill()
        self.proc.wait()


class Page:
    def __init__(self, browser):
        self.b = browser
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.sid = browser.call("Target.attachToTarget",
                                {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Audits", "DOM"):
            self.call(domain + ".enable")

    def call(self, method, params=None):
        return self.b.call(method, params, self.sid)

    def eval(self, expr):
        """The value of expr, None while the page is being replaced."""
        try:
            r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True})
        except Fail:
            return None
        return r.get("result", {}).get("value")

    def wait(self, what, cond):
        while time.monotonic() < self.b.until:
            if cond():
                return
            time.sleep(0.1)
        raise Fail("timed out waiting for " + what + " (page says: %r)"
                   % self.eval("(document.getElementById('msg') || {}).textContent"))

    def events(self, method):
        return [e["params"] for e in self.b.events if e.get("method") == method]

    def csp_violations(self):
        """What the browser reported as a Content-Security-Policy violation:
        an issue of that kind, or a log entry naming the policy."""
        found = [i["issue"]["details"].get("contentSecurityPolicyIssueDetails", {})
                 .get("violatedDirective", "?")
                 for i in self.events("Audits.issueAdded")
                 if i["issue"].get("code") == "ContentSecurityPolicyIssue"]
        found += [e["entry"]["text"] for e in self.events("Log.entryAdded")
                  if "Content Security Policy" in e["entry"].get("text", "")]
        return found


def upload_through_form(page, url, token, bundle):
    page.call("Page.navigate", {"url": url + "/"})
    page.wait("the runs page", lambda: page.eval(
        "document.readyState === 'complete' && !!document.getElementById('upload')"))
    root = page.call("DOM.getDocument")["root"]["nodeId"]
    node = page.call("DOM.querySelector", {"nodeId": root, "selector": "#bundle"})["nodeId"]
    page.call("DOM.setFileInputFiles", {"nodeId": node, "files": [bundle]})
    page.eval("document.getElementById('token').value = %s; 0" % json.dumps(token))
    page.eval("document.querySelector('#upload button').click(); 0")
    page.wait("the report page", lambda: re.fullmatch(
        r"/runs/[1-9][0-9]*\.html", page.eval("location.pathname") or "") and
        page.eval("document.readyState") == "complete")


def check_report(page):
    if HOSTILE not in (page.eval("document.body.innerText") or ""):
        raise Fail("the log line's %s is not shown as text" % HOSTILE)
    # the page is the report stage's: no script of its own, no image
    for sel in ("script", "img", "iframe", "object", "[onerror]"):
        n = page.eval("document.querySelectorAll(%s).length" % json.dumps(sel))
        if n != 0:
            raise Fail("the report has %s element(s) %s" % (n, sel))
    if page.events("Page.javascriptDialogOpening"):
        raise Fail("a dialog opened: %r" % page.events("Page.javascriptDialogOpening"))
    if page.eval("document.title").find("faultline") < 0:
        raise Fail("not a report: title %r" % page.eval("document.title"))


def check_detector(page):
    page.eval("const s = document.createElement('script');"
              " s.textContent = 'window.ran = 1'; document.body.appendChild(s); 0")
    page.wait("the browser to report the inline script", lambda: page.csp_violations())
    if page.eval("window.ran") is not None:
        raise Fail("an inline script ran on the report page")


def main():
    exe, url, token, bundle, profile = sys.argv[1:6]
    until = time.monotonic() + DEADLINE
    b = Browser(exe, profile, until)
    try:
        page = Page(b)
        upload_through_form(page, url, token, os.path.abspath(bundle))
        check_report(page)
        seen = page.csp_violations()
        if seen:
            raise Fail("the browser reported CSP violations: %s" % "; ".join(seen))
        where = page.eval("location.pathname")
        check_detector(page)
        control = page.csp_violations()[0]
    except Fail as e:
        print("browser_check: FAIL: %s" % e, file=sys.stderr)
        return 1
    finally:
        b.close()
    print("browser_check: ok: uploaded through the form, report %s read with no CSP"
          " violation; an inline script added to it was refused (%s)" % (where, control))
    return 0


if __name__ == "__main__":
    sys.exit(main())
