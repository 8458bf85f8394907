"""Card sounds made in code with WebAudio (no audio files): a card flicked onto the table, the deal, a trick
gathered, a soft chime for your turn, a bid's tap, the end of a hand and of a game, a refusal.

Every sound is a *recipe*: a list of voices, each a burst of filtered noise (the card's paper: a flick is a
short high band, its landing a low thud, a gathered trick a band swept upwards) or a sine or triangle tone (the
chimes), with its start, length, peak and attack; :func:`recipe` makes them (pure, so the tests read them) and
:func:`play` schedules them on one ``AudioContext``: voices → master gain (the volume) → a compressor (no
clipping when sounds overlap) → the speakers. Noise is one second made once (``crypto.getRandomValues``: a few
calls, not a loop over samples), each burst starting at a random place in it.

The switch and the volume: :func:`enable` (the setting *Sound* and the table's mute button, which shows its state:
``#btn-sound[aria-pressed]``, pressed when muted), :func:`set_volume` (0–100, the setting *Volume*; heard as its
square, so the slider's middle is half as loud to the ear). Audio never breaks the game: any failure is silent.
"""

import js
from settings import VOLUME  # the default volume (0-100)

NOISE_SCALE = 1 / 32768  # the noise buffer holds int16 values as floats; its voices' peaks are scaled by this

_audio = {"ctx": None, "master": None, "noise": None}
_state = {"on": True, "volume": VOLUME}


def _flick(at, peak=1.0, bright=3200):
    """A card leaving the hand and landing: a short high burst, then a soft low thud."""
    return [
        {"kind": "noise", "at": at, "len": 0.045, "filter": "bandpass", "freq": bright, "q": 1.1, "peak": peak,
         "attack": 0.002},
        {"kind": "noise", "at": at + 0.014, "len": 0.08, "filter": "lowpass", "freq": 650, "q": 0.7,
         "peak": 0.7 * peak, "attack": 0.003},
    ]  # fmt: skip


def _chime(notes, step, length, peak, wave="sine"):
    voices = []
    for i, freq in enumerate(notes):
        last = i == len(notes) - 1
        voices.append({"kind": "tone", "at": i * step, "len": length * (1.6 if last else 1.0), "freq": freq,
                       "wave": wave, "peak": peak, "attack": 0.006})  # fmt: skip
        voices.append({"kind": "tone", "at": i * step, "len": length * 0.5, "freq": freq * 2.0, "wave": "sine",
                       "peak": peak * 0.25, "attack": 0.004})  # fmt: skip
    return voices


SOUNDS = ("card", "deal", "trick", "turn", "bid", "hand", "win", "lose", "error")


def recipe(name, span=0.0, rnd=None):
    """The voices of sound ``name`` (one of :data:`SOUNDS`; anything else: ``[]``), each a dict: ``kind``
    (``noise``: ``filter``, ``freq``, optional ``to`` (the filter swept there), ``q``; ``tone``: ``freq``,
    ``wave``), ``at`` and ``len`` (seconds from now), ``peak`` (0–1 before the volume) and ``attack``.

    ``span`` (seconds): how long the deal lasts on the table (its cards' flicks are spread over it; at least a
    quick riffle's 0.3 s). ``rnd()`` (0 ≤ x < 1, default ``Math.random``) varies a deal's flicks a little, as
    hands do."""
    rnd = rnd or js.Math.random
    if name == "card":
        return _flick(0.0)
    if name == "deal":
        span = max(0.3, float(span))
        voices = []
        count = 13  # one flick for each round of four cards would be too few to hear as a deal: one per card of yours
        for i in range(count):
            at = span * i / count + 0.012 * rnd()
            voices += _flick(at, peak=0.55 + 0.2 * rnd(), bright=2600 + 1400 * rnd())
        return voices
    if name == "trick":
        return [
            {"kind": "noise", "at": 0.0, "len": 0.26, "filter": "bandpass", "freq": 700, "to": 2600, "q": 0.8,
             "peak": 0.55, "attack": 0.09},
            {"kind": "noise", "at": 0.22, "len": 0.07, "filter": "lowpass", "freq": 500, "q": 0.7, "peak": 0.6,
             "attack": 0.003},
        ]  # fmt: skip
    if name == "turn":
        return [
            {"kind": "tone", "at": 0.0, "len": 0.9, "freq": 1318.5, "wave": "sine", "peak": 0.16, "attack": 0.006},
            {"kind": "tone", "at": 0.0, "len": 0.35, "freq": 3638.9, "wave": "sine", "peak": 0.03, "attack": 0.003},
            {"kind": "tone", "at": 0.0, "len": 0.6, "freq": 659.3, "wave": "sine", "peak": 0.07, "attack": 0.01},
        ]  # fmt: skip
    if name == "bid":
        return [
            {"kind": "noise", "at": 0.0, "len": 0.03, "filter": "bandpass", "freq": 1800, "q": 2.0, "peak": 0.5,
             "attack": 0.002},
            {"kind": "tone", "at": 0.0, "len": 0.09, "freq": 620, "wave": "sine", "peak": 0.12, "attack": 0.003},
        ]  # fmt: skip
    if name == "hand":
        return _chime((659.3, 784.0, 1046.5), 0.12, 0.45, 0.11)
    if name == "win":
        return _chime((523.3, 659.3, 784.0, 1046.5), 0.12, 0.5, 0.12)
    if name == "lose":
        return _chime((392.0, 329.6, 261.6), 0.16, 0.5, 0.1, "triangle")
    if name == "error":
        return [
            {"kind": "tone", "at": 0.0, "len": 0.14, "freq": 165, "wave": "triangle", "peak": 0.22, "attack": 0.004},
            {"kind": "noise", "at": 0.0, "len": 0.06, "filter": "lowpass", "freq": 400, "q": 0.7, "peak": 0.5,
             "attack": 0.002},
        ]  # fmt: skip
    return []


def gain_of(volume):
    """The master gain for a volume of 0–100 (its square: the ear hears loudness roughly so); bad values: the
    default."""
    try:
        volume = max(0, min(100, int(volume)))
    except (TypeError, ValueError):
        volume = VOLUME
    return (volume / 100) ** 2


def enable(on):
    """Sound on or off; the table's mute button (``#btn-sound``) shows it: ``aria-pressed="true"`` when muted."""
    _state["on"] = bool(on)
    try:
        button = js.document.getElementById("btn-sound")
        if button is not None:
            button.setAttribute("aria-pressed", "false" if on else "true")
    except Exception:  # no page (tests)
        pass


def enabled():
    return _state["on"]


def set_volume(volume):
    """The volume, 0–100 (see :func:`gain_of`); applied at once to what is playing."""
    _state["volume"] = volume
    master = _audio["master"]
    if master is not None:
        try:
            master.gain.value = gain_of(volume)
        except Exception:
            pass


def _context():
    if _audio["ctx"] is None:
        cls = getattr(js.window, "AudioContext", None) or getattr(js.window, "webkitAudioContext", None)
        if cls is None:
            return None
        ctx = cls.new()
        master = ctx.createGain()
        master.gain.value = gain_of(_state["volume"])
        squeeze = ctx.createDynamicsCompressor()
        squeeze.threshold.value = -12  # only what overlaps (a deal's flicks with a chime) is held back
        squeeze.ratio.value = 6
        master.connect(squeeze)
        squeeze.connect(ctx.destination)
        _audio["ctx"], _audio["master"] = ctx, master
    return _audio["ctx"]


def _noise(ctx):
    """One second of white noise (int16 values as floats: scaled by :data:`NOISE_SCALE` in each voice)."""
    if _audio["noise"] is None:
        length = int(ctx.sampleRate)
        samples = js.Int16Array.new(length)
        chunk = 32768  # getRandomValues fills at most 65536 bytes a call
        for start in range(0, length, chunk):
            js.crypto.getRandomValues(samples.subarray(start, min(length, start + chunk)))
        buffer = ctx.createBuffer(1, length, ctx.sampleRate)
        buffer.copyToChannel(js.Float32Array.new(samples), 0)
        _audio["noise"] = buffer
    return _audio["noise"]


def _envelope(ctx, voice, now, scale=1.0):
    gain = ctx.createGain()
    start, length = now + voice["at"], voice["len"]
    peak = max(1e-6, voice["peak"]) * scale
    gain.gain.setValueAtTime(0.0001 * scale, start)
    gain.gain.exponentialRampToValueAtTime(peak, start + voice["attack"])
    gain.gain.exponentialRampToValueAtTime(0.0001 * scale, start + length)
    gain.connect(_audio["master"])
    return gain, start, length


def _voice(ctx, voice, now):
    if voice["kind"] == "noise":
        gain, start, length = _envelope(ctx, voice, now, NOISE_SCALE)
        band = ctx.createBiquadFilter()
        band.type = voice["filter"]
        band.Q.value = voice["q"]
        band.frequency.setValueAtTime(voice["freq"], start)
        if voice.get("to"):
            band.frequency.exponentialRampToValueAtTime(voice["to"], start + length)
        source = ctx.createBufferSource()
        source.buffer = _noise(ctx)
        source.connect(band)
        band.connect(gain)
        source.start(start, js.Math.random() * 0.8, length + 0.02)
    else:
        gain, start, length = _envelope(ctx, voice, now)
        osc = ctx.createOscillator()
        osc.type = voice["wave"]
        osc.frequency.value = voice["freq"]
        osc.connect(gain)
        osc.start(start)
        osc.stop(start + length + 0.02)


def play(name, span=0.0):
    """Play sound ``name`` (:data:`SOUNDS`; ``span``: a deal's length in seconds, see :func:`recipe`); nothing
    when sound is off, the volume is 0 or audio is unavailable."""
    if not _state["on"] or gain_of(_state["volume"]) == 0:
        return
    voices = recipe(name, span)
    if not voices:
        return
    try:
        ctx = _context()
        if ctx is None:
            return
        if ctx.state == "suspended":
            ctx.resume()
        now = ctx.currentTime + 0.005
        for voice in voices:
            _voice(ctx, voice, now)
    except Exception:  # audio must never break the game
        pass
