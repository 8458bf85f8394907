"""Tiny WebAudio beeps made in code (no audio files): a card, a trick, your turn, a bid, the end."""

import js

_ctx = [None]
_enabled = [True]

# name -> ((frequency Hz, start s, duration s), ...)
TONES = {
    "card": ((660, 0.0, 0.05),),
    "bid": ((520, 0.0, 0.06), (780, 0.06, 0.06)),
    "trick": ((440, 0.0, 0.07), (330, 0.07, 0.09)),
    "turn": ((880, 0.0, 0.08),),
    "hand": ((523, 0.0, 0.1), (659, 0.1, 0.1), (784, 0.2, 0.16)),
    "win": ((523, 0.0, 0.12), (659, 0.12, 0.12), (784, 0.24, 0.12), (1047, 0.36, 0.3)),
    "lose": ((392, 0.0, 0.16), (330, 0.16, 0.16), (262, 0.32, 0.3)),
    "error": ((180, 0.0, 0.12),),
}


def enable(on):
    _enabled[0] = bool(on)


def _context():
    if _ctx[0] is None:
        cls = getattr(js.window, "AudioContext", None) or getattr(js.window, "webkitAudioContext", None)
        if cls is None:
            return None
        _ctx[0] = cls.new()
    return _ctx[0]


def play(name):
    """Play a named beep; silently nothing when sound is off or audio is unavailable."""
    if not _enabled[0] or name not in TONES:
        return
    try:
        ctx = _context()
        if ctx is None:
            return
        if ctx.state == "suspended":
            ctx.resume()
        now = ctx.currentTime
        for freq, start, length in TONES[name]:
            osc = ctx.createOscillator()
            gain = ctx.createGain()
            osc.type = "triangle"
            osc.frequency.value = freq
            gain.gain.setValueAtTime(0.0001, now + start)
            gain.gain.exponentialRampToValueAtTime(0.12, now + start + 0.01)
            gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length)
            osc.connect(gain)
            gain.connect(ctx.destination)
            osc.start(now + start)
            osc.stop(now + start + length + 0.02)
    except Exception:  # audio must never break the game
        pass
