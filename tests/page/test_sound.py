"""static/app/sound.py: the card sounds' recipes, the volume, the switch and the mute button's state; and the volume
setting of the settings form (settings.py). The WebAudio graph is checked with a fake ``AudioContext`` that logs
the nodes made and what they are connected to."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any
from unittest import mock

import pytest
import settings as form
from hypothesis import given
from hypothesis import strategies as st

from tests.page.fakes import browser_module
from tests.page.nodes import parse as tree

sound = browser_module("sound")

FILTERS = {"bandpass", "lowpass", "highpass"}
WAVES = {"sine", "triangle"}


def steady() -> float:
    return 0.5


@pytest.mark.parametrize("name", sound.SOUNDS)
def test_each_sound_is_voices_that_can_be_played(name: str) -> None:
    voices = sound.recipe(name, 0.8, steady)
    assert voices, name
    for voice in voices:
        assert voice["at"] >= 0 and voice["len"] > 0 and 0 < voice["attack"] < voice["len"]
        assert 0 < voice["peak"] <= 1
        assert 20 <= voice["freq"] <= 16000
        if voice["kind"] == "noise":
            assert voice["filter"] in FILTERS and voice["q"] > 0
            assert voice.get("to") is None or 20 <= voice["to"] <= 16000
        else:
            assert voice["kind"] == "tone" and voice["wave"] in WAVES
    assert sound.recipe("nothing", 1, steady) == [] and sound.recipe("", 1, steady) == []


def test_a_card_is_a_high_flick_then_a_low_thud_and_a_trick_is_a_rising_sweep() -> None:
    flick, thud = sound.recipe("card", 0, steady)
    assert flick["kind"] == thud["kind"] == "noise"
    assert flick["freq"] > 2000 and thud["filter"] == "lowpass" and thud["freq"] < 1000 and thud["at"] > flick["at"]
    sweep = sound.recipe("trick", 0, steady)[0]
    assert sweep["to"] > sweep["freq"]  # gathered: the band rises
    chime = sound.recipe("turn", 0, steady)
    assert {v["kind"] for v in chime} == {"tone"} and max(v["peak"] for v in chime) <= 0.2  # soft


@given(st.floats(min_value=0, max_value=5, allow_nan=False))
def test_a_deal_spreads_a_flick_per_card_over_its_time_on_the_table(span: float) -> None:
    voices = sound.recipe("deal", span, steady)
    flicks = sorted(v["at"] for v in voices if v["filter"] == "bandpass")
    assert len(flicks) == 13
    length = max(0.3, span)  # at least a quick riffle
    assert flicks[0] < length * 0.1 and length * 0.8 < flicks[-1] < length
    assert flicks == sorted(set(flicks))  # one after another


@pytest.mark.parametrize(("volume", "gain"), [(0, 0.0), (100, 1.0), (50, 0.25), (-3, 0.0), (250, 1.0), ("70", 0.49)])
def test_the_volume_is_heard_as_its_square(volume: Any, gain: float) -> None:
    assert sound.gain_of(volume) == pytest.approx(gain)


def test_a_bad_volume_is_the_default() -> None:
    assert sound.gain_of("loud") == sound.gain_of(None) == pytest.approx((sound.VOLUME / 100) ** 2)


class FakeParam:
    def __init__(self) -> None:
        self.value = None
        self.events: list[tuple[str, float, float]] = []

    def setValueAtTime(self, value: float, at: float) -> None:  # the WebAudio names
        self.events.append(("set", value, at))

    def exponentialRampToValueAtTime(self, value: float, at: float) -> None:
        assert value > 0  # an exponential ramp to 0 throws in a browser
        self.events.append(("ramp", value, at))


class FakeNode:
    def __init__(self, kind: str, ctx: FakeContext) -> None:
        self.kind, self.ctx = kind, ctx
        self.gain, self.frequency, self.Q = FakeParam(), FakeParam(), FakeParam()
        self.threshold, self.ratio = FakeParam(), FakeParam()
        self.outputs: list[Any] = []
        self.started: tuple[float, ...] | None = None

    def connect(self, node: Any) -> None:
        self.outputs.append(node)

    def start(self, *times: float) -> None:
        self.started = times

    def stop(self, at: float) -> None:
        pass


class FakeContext:
    """What sound.py uses of an ``AudioContext``; every node it makes is kept in ``nodes``."""

    def __init__(self) -> None:
        self.state = "suspended"
        self.currentTime = 10.0
        self.sampleRate = 8000
        self.destination = "speakers"
        self.nodes: list[FakeNode] = []
        self.resumed = 0

    def resume(self) -> None:
        self.resumed += 1
        self.state = "running"

    def _node(self, kind: str) -> FakeNode:
        node = FakeNode(kind, self)
        self.nodes.append(node)
        return node

    def createGain(self) -> FakeNode:
        return self._node("gain")

    def createDynamicsCompressor(self) -> FakeNode:
        return self._node("compressor")

    def createBiquadFilter(self) -> FakeNode:
        return self._node("filter")

    def createBufferSource(self) -> FakeNode:
        return self._node("source")

    def createOscillator(self) -> FakeNode:
        return self._node("osc")

    def createBuffer(self, channels: int, length: int, rate: int) -> Any:
        assert channels == 1 and length == rate
        return mock.MagicMock(name="buffer")


def fresh_sound() -> tuple[Any, FakeContext]:
    module = browser_module("sound")
    ctx = FakeContext()
    module.js.window = SimpleNamespace(AudioContext=SimpleNamespace(new=lambda: ctx))
    module.js.Math.random = steady
    return module, ctx


def test_a_sound_goes_through_the_volume_and_a_compressor_to_the_speakers() -> None:
    module, ctx = fresh_sound()
    module.set_volume(50)
    module.play("card")
    master, squeeze = ctx.nodes[0], ctx.nodes[1]
    assert master.kind == "gain" and master.gain.value == pytest.approx(0.25)
    assert master.outputs == [squeeze] and squeeze.outputs == ["speakers"] and ctx.resumed == 1
    sources = [n for n in ctx.nodes if n.kind == "source"]
    assert len(sources) == 2 and all(s.started and s.started[0] >= 10.0 for s in sources)  # a flick and a thud
    envelopes = [n for n in ctx.nodes[2:] if n.kind == "gain"]
    assert envelopes and all(e.outputs == [master] for e in envelopes)
    module.set_volume(100)  # at once, to what plays
    assert master.gain.value == pytest.approx(1.0)


def test_nothing_plays_when_muted_or_at_volume_0_and_the_mute_button_says_so() -> None:
    module, ctx = fresh_sound()
    button = mock.MagicMock(name="btn-sound")
    module.js.document.getElementById = lambda name: button if name == "btn-sound" else None
    module.enable(False)
    button.setAttribute.assert_called_with("aria-pressed", "true")  # pressed: muted
    module.play("turn")
    assert ctx.nodes == [] and not module.enabled()
    module.enable(True)
    button.setAttribute.assert_called_with("aria-pressed", "false")
    module.set_volume(0)
    module.play("turn")
    assert ctx.nodes == []
    module.set_volume(40)
    module.play("turn")
    assert [n.kind for n in ctx.nodes].count("osc") == 3


def test_audio_that_fails_never_breaks_the_game() -> None:
    module, _ = fresh_sound()
    module.js.window = SimpleNamespace(AudioContext=SimpleNamespace(new=mock.Mock(side_effect=RuntimeError("no"))))
    module.play("card")  # nothing raised
    module.js.window = SimpleNamespace()  # no WebAudio at all
    module.play("deal", 1.0)


# ----------------------------------------------------------------- the volume setting (settings.py)


@given(st.one_of(st.integers(-1000, 1000), st.floats(allow_nan=True), st.text(max_size=8), st.none()))
def test_any_volume_setting_becomes_0_to_100_in_steps_of_5(value: Any) -> None:
    volume = form.volume_of(value)
    assert isinstance(volume, int) and 0 <= volume <= 100 and volume % 5 == 0


@pytest.mark.parametrize(("value", "volume"), [(42, 40), ("73", 75), (101, 100), (-5, 0), ("x", 70), (None, 70)])
def test_a_volume_is_clamped_and_rounded(value: Any, volume: int) -> None:
    assert form.volume_of(value) == volume


class Form:
    def __init__(self, **values: Any) -> None:
        self.values = values
        self.elements = SimpleNamespace(namedItem=self.named)

    def named(self, name: str) -> Any:
        if name not in self.values:
            return None
        value = self.values[name]
        return SimpleNamespace(value=value, checked=value)


def test_the_volume_slider_shows_and_reads_the_setting() -> None:
    settings = {"sound": True, "speed": "normal", "four_color": False, "play_mode": "click", "undo": True}
    root = tree(form.display_html(dict(settings, volume=35), "en"))
    slider = root.one("input", id="set-volume")
    assert slider.get("type") == "range" and slider.get("name") == "volume"
    assert (slider.get("min"), slider.get("max"), slider.get("step"), slider.get("value")) == ("0", "100", "5", "35")
    assert slider.get("aria-valuetext") == "35%"
    assert root.one("label", for_="set-volume").text == form.t("set_volume")
    assert tree(form.display_html(settings, "en")).one("input", id="set-volume").get("value") == "70"  # default
    old = dict(settings, bots={}, volume=35)
    assert form.read_display(Form(volume="55", sound=False), old)["volume"] == 55
    assert form.read_display(Form(sound=True), old)["volume"] == 35  # no slider: as it was


@pytest.mark.parametrize(("stored", "volume"), [(35, 35), (140, 140), (True, 70), ("35", 70), (3.5, 70), (None, 70)])
def test_the_volume_is_kept_with_the_settings_as_a_whole_number(stored: Any, volume: int) -> None:
    """store.load_settings keeps a stored whole number (preferences.py clamps it, settings.py volume_of); a flag,
    a text or a fraction is the default."""
    store = browser_module("store")
    store.read_json = lambda key: {"volume": stored, "sound": False} if key == store.SETTINGS_KEY else None
    settings = store.load_settings()
    assert settings["volume"] == volume and settings["sound"] is False
    assert store.DEFAULT_SETTINGS["volume"] == form.VOLUME == sound.VOLUME
