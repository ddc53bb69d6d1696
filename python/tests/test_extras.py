"""Each adapter needs only the extra python/pyproject.toml gives it
(``gymnasium``: cardrules.gym and cardrules.vector; ``pettingzoo``:
cardrules.pettingzoo; ``openspiel``: cardrules.openspiel). A package that is
not installed is simulated in a fresh interpreter by ``sys.modules[name] =
None``, which makes its import fail as a missing one does."""

import subprocess
import sys
import textwrap


def run_without(missing, code):
    """Runs ``code`` in a fresh interpreter where the modules ``missing``
    cannot be imported; its completed process."""
    prelude = f"import sys\nfor name in {list(missing)!r}:\n    sys.modules[name] = None\n"
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_gym_and_vector_work_without_pettingzoo():
    # Both once imported their observation Box from cardrules.pettingzoo,
    # so the gymnasium extra alone gave "No module named 'pettingzoo'".
    out = run_without(
        ["pettingzoo"],
        """
        import gymnasium, cardrules.gym
        from cardrules.vector import CardVectorEnv
        env = gymnasium.make("cardrules/crazy-eights-v0", seats=3, opponents="medium")
        obs, _ = env.reset(seed=1)
        env.step(int(obs["action_mask"].argmax()))
        obs, _ = CardVectorEnv("hearts", 2).reset(seed=1)
        assert "pettingzoo" not in {m.split(".")[0] for m in sys.modules if sys.modules[m] is not None}
        print("ok")
        """,
    )
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-3000:]
