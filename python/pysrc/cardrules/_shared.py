"""What the adapters built on Gymnasium share (``cardrules.pettingzoo``,
``cardrules.gym`` and ``cardrules.vector``): the observation Box and the
text render. It needs Gymnasium only, so that ``cardrules.gym`` and
``cardrules.vector`` work without PettingZoo installed."""

import gymnasium
import numpy as np
from gymnasium import spaces


def observation_box(state):
    """The Box of a game's observation tensor: every entry from 0 to 1 (each
    game scales its counts by the most its rules allow, documented in its
    crate's ``encode`` module)."""
    return spaces.Box(0.0, 1.0, (state.observation_size,), np.float32)


def render(mode, state, log):
    """What ``render()`` does in ``mode``: the text for ``ansi``, printed for
    ``human``, a warning without a mode."""
    if mode is None:
        gymnasium.logger.warn("render() was called without a render_mode")
        return None
    text = render_text(state, log)
    if mode == "human":
        print(text)
        return None
    return text


def render_text(s, log):
    """The last few steps and who acts next, in words."""
    p = s.current_player()
    lines = log[-5:]
    if s.is_terminal():
        lines.append(f"game over: places {s.places()}")
    elif p >= 0:
        moves = ", ".join(s.action_to_string(a) for a in s.legal_actions())
        lines.append(f"player_{p} to act: {moves}")
    return "\n".join(lines)
