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
    def __init__(self, app):
        self.app = app

    async def export(self):
        record = await call("record")
        stamp = str(js.Date.new().toISOString())[:16].replace(":", "").replace("T", "-")
        download("spades-" + stamp + ".json", json.dumps(record))

    async def import_file(self, event):
        app = self.app
        files = event.target.files
        if files is None or files.length == 0:
            return
        text = str(await files.item(0).text())
        event.target.value = ""
        try:
            record = json.loads(text)
        except ValueError:
            app.notice(t("import_failed", error=error_text({"code": "not_json"})))
            return
        if not await app.dialogs.confirm(t("confirm_import")) or not await app.leave_rated():
            return
        me = app.state["me"] if app.state else app.settings["seat"]
        args = {"record": record, "seats": app.seats_for(me), "policy": app.policy(), "viewer": me}
        try:
            result = await call("import", args)
        except EngineError as error:
            app.notice(t("import_failed", error=error_text(error)))
            return
        app.begin(result)
        app.set_message(t("imported"))
        app.after_state()
