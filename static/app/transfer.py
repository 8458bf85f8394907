"""Export the game as a hand record (op ``record``, a download) and import one (op ``import``)."""

import json

import js
from i18n import error_text, t
from pyscript import document
from pyscript.ffi import create_proxy, to_js
from transport import EngineError, call


def download(filename, text, hook="export"):
    """Offer ``text`` as a JSON file named ``filename`` (the link carries ``data-<hook>`` for tests)."""
    blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}))
    url = js.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.setAttribute("data-" + hook, "1")
    document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 5000)


class Transfer:
    """Export and import of one page. It is given what it uses: ``games``, the page's games (the controller's
    App): ``state`` (on show), ``seats_for(me)`` and ``policy()`` (of a new table), ``await leave_rated()``
    (``False``: the person stays), ``begin(result)`` (a new course) and ``after_state()``; ``settings`` (the
    saved settings: ``seat``); ``notice(text)``, ``say(text)`` (the status line) and ``await confirm(text)``."""

    def __init__(self, games, settings, notice, say, confirm):
        self.games = games
        self.settings = settings
        self.notice = notice
        self.say = say
        self.confirm = confirm

    async def export(self):
        """The game as a hand record; a host's online table's is its room's, with each hand's ``fair`` part (how
        the deal can be checked: docs/fair-play.md)."""
        online = getattr(self.games, "online_ui", None)
        hosting = online is not None and getattr(online, "role", None) == "host"
        record = await call("record", {"table": "online"} if hosting else {})
        stamp = str(js.Date.new().toISOString())[:16].replace(":", "").replace("T", "-")
        download("spades-" + stamp + ".json", json.dumps(record))

    async def import_file(self, event):
        games = self.games
        files = event.target.files
        if files is None or files.length == 0:
            return
        text = str(await files.item(0).text())
        event.target.value = ""
        try:
            record = json.loads(text)
        except ValueError:
            self.notice(t("import_failed", error=error_text({"code": "not_json"})))
            return
        if not await self.confirm(t("confirm_import")) or not await games.leave_rated():
            return
        me = games.state["me"] if games.state else self.settings["seat"]
        args = {"record": record, "seats": games.seats_for(me), "policy": games.policy(), "viewer": me}
        try:
            result = await call("import", args)
        except EngineError as error:
            self.notice(t("import_failed", error=error_text(error)))
            return
        games.begin(result)
        self.say(t("imported"))
        games.after_state()
