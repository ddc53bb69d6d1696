"""Each adapter needs only the extra python/pyproject.toml gives it
(``gymnasium``: cardrules.gym and cardrules.vector; ``pettingzoo``:
cardrules.pettingzoo; ``openspiel``: cardrules.openspiel). A package that is
not installed is simulated in a fresh interpreter by ``sys.modules[name] =
None``, which makes its import fail as a missing one does."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardrules._extras import EXTRAS


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


#: (what a user writes, packages that are not installed, the message's start).
MISSING = [
    ("import cardrules.gym", ["gymnasium"], "cardrules.gym needs gymnasium, which is not installed"),
    ("import cardrules.vector", ["gymnasium"], "cardrules.vector needs gymnasium, which is not installed"),
    (
        "from cardrules.pettingzoo import schwimmen_v0",
        ["pettingzoo"],
        "cardrules.pettingzoo needs pettingzoo, which is not installed",
    ),
    (
        "from cardrules.pettingzoo import schwimmen_v0",
        ["pettingzoo", "gymnasium"],
        "cardrules.pettingzoo needs pettingzoo and gymnasium, which are not installed",
    ),
    ("import cardrules.openspiel", ["pyspiel"], "cardrules.openspiel needs pyspiel, which is not installed"),
    (
        "from cardrules.bots import spiel_bot; spiel_bot('hearts', 0)",
        ["pyspiel"],
        "cardrules.bots.spiel_bot needs pyspiel, which is not installed",
    ),
]


@pytest.mark.parametrize("statement, missing, message", MISSING)
def test_a_missing_package_is_named_with_the_extra_that_installs_it(statement, missing, message):
    # It was a bare "No module named 'gymnasium'" (or 'pyspiel'), and no
    # document named the extras.
    extra = {"gymnasium": "gymnasium", "pettingzoo": "pettingzoo", "pyspiel": "openspiel"}[missing[0]]
    out = run_without(
        missing,
        f"""
        try:
            {statement}
        except ImportError as e:
            print(type(e).__name__, e.name)
            print(e)
        """,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    kind, text = out.stdout.split("\n", 1)
    assert kind == f"ModuleNotFoundError {missing[0]}"
    requirements = " ".join(f'"{EXTRAS[extra][m]}"' for m in missing)
    assert text.strip() == (
        f'{message}: install cardrules with its {extra} extra (pip install "./python[{extra}]" from the root of '
        f"the card-rules repository) or the missing requirements alone (pip install {requirements})"
    )


def test_the_package_alone_needs_numpy_only():
    out = run_without(
        ["gymnasium", "pettingzoo", "pyspiel"],
        """
        import cardrules, cardrules.bots
        st = cardrules.state("hearts", seed=1)
        st.resolve_chance()
        st.apply(cardrules.bots.Bot("hearts", "medium").act(st))
        cardrules.vec_env("schwimmen", 4).reset(0)
        print("ok")
        """,
    )
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-3000:]


def test_the_extras_are_the_ones_pyproject_gives():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    for extra, modules in EXTRAS.items():
        assert sorted(extras[extra]) == sorted(modules.values()), extra
    # The test extra brings every adapter's requirements, and pytest.
    every = {r for modules in EXTRAS.values() for r in modules.values()}
    assert set(extras["test"]) == every | {"pytest"}
