"""Trains a game's learned level from nothing, with one command:

    python3 python/train/train.py --game hearts

For each seat count the game ships a network for, the stages of its recipe
(`RECIPES` below, the path the shipped networks took; docs/learned.md) run
in turn, each starting from the last one's network:

- `medium`: the medium level's choices on its own games (free to label),
  a network from scratch (`learned.py`);
- `hard`: the hard level's choices on games of one hard seat against
  medium bots, fine-tuned (`learned.py --init`);
- `dagger`: the hard level's choices on the positions the current network
  reaches itself (`learned_data --player learned --only-player`),
  fine-tuned on every hard and DAgger row so far;
- `ppo`: the network's own games against medium bots (`ppo.py`).

After `medium` (kept by held-out agreement), a stage's network is chosen by
play: each epoch's or update's snapshot and the network the stage started
from play `--select` games against medium bots from seed 100,000, and the
one that won most goes on, so a stage that does not help is dropped. Every
seed is fixed: the same command gives the same files.

Writes into `--out` (default target/learned/<game>-train): `learned.crlw`
(every seat count's network), `report.json` (each stage's rows, seconds and
wins, the total time against the two-hour budget, the shipped networks'
wins in the same games, and the final networks' wins beside the shipped
ones' in the CLI's games from seed 1), `curve.png` (wins against training
time) and every stage's data and log. `--docs` copies the curve and the
report to docs/learned/<game>-train.png and .json, `--ship` the weights to
crates/<game>/learned.crlw. `--quick` cuts every count down to a few games
and one epoch: a check that the whole command works (CI), not a network
worth playing.

Needs the training environment of python/train/requirements.txt with the
`cardrules` package installed (`pip install ./python`, for `ppo.py`).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

BUDGET_SECONDS = 2 * 3600
# Seeds of each kind of games; the DAgger stage at index k of a recipe starts at
# DAGGER_SEED + k * 1,000,000.
MEDIUM_SEED, HARD_SEED, DAGGER_SEED = 3_000_000, 1_000_000, 5_000_000
SELECT_SEED, CLI_SEED = 100_000, 1

# Each seat count's stages: (kind, settings). `games` is the games of data
# (a DAgger round's), `epochs` and `lr` the training's, `soft` trains on the
# search's visit shares, `updates` the PPO updates (a snapshot every `every`;
# `envs`, `lr`, `seed` and `seat` are ppo.py's options of those names: `seat`
# puts the learner at that seat in every game instead of each seat in turn;
# `samples` labels a hard or DAgger stage with a rollout hard level cut to
# that many determinizations a decision, a cheaper teacher for more rows).
RECIPES = {
    "schwimmen": {4: [
        ("medium", {"games": 3000, "epochs": 40, "hidden": "256,128,64"}),
        ("hard", {"games": 6900, "epochs": 8}),
        ("dagger", {"games": 1300, "epochs": 8}),
        ("ppo", {"updates": 550, "every": 50, "seat": 0}),
        ("ppo", {"updates": 300, "every": 25, "envs": 256, "lr": 2e-5}),
        ("ppo", {"updates": 150, "every": 25, "envs": 512, "lr": 2e-5, "seed": 31}),
    ]},
    "trump21": {
        4: [
            ("medium", {"games": 12000, "epochs": 34}),
            ("ppo", {"updates": 400, "every": 50, "seat": 0}),
            ("ppo", {"updates": 300, "every": 25, "envs": 256, "lr": 2e-5}),
            ("ppo", {"updates": 400, "every": 25, "envs": 256, "lr": 2e-5, "seed": 28}),
            ("ppo", {"updates": 400, "every": 25, "envs": 256, "lr": 2e-5, "seed": 29}),
        ],
        2: [
            ("medium", {"games": 3000, "epochs": 30}),
            ("dagger", {"games": 5000, "epochs": 48}),
            *[("dagger", {"games": 5000, "epochs": 16})] * 2,
            ("ppo", {"updates": 300, "every": 20, "seat": 0}),
            ("ppo", {"updates": 300, "every": 25, "envs": 256, "lr": 2e-5}),
            ("ppo", {"updates": 300, "every": 25, "envs": 256, "lr": 2e-5, "seed": 28}),
        ],
    },
    "shithead": {4: [
        # One epoch, as the network shipped had: after 30 (98.9 % agreement
        # with medium) the hard rows' fine-tune only lost (docs/learned.md).
        ("medium", {"games": 3400, "epochs": 1}),
        ("hard", {"games": 200, "epochs": 12}),
        ("ppo", {"updates": 1200, "every": 50, "seat": 0}),
    ]},
    "crazy-eights": {
        4: [
            ("medium", {"games": 5000, "epochs": 30}),
            ("hard", {"games": 5000, "epochs": 24, "lr": 1e-3}),
        ],
        2: [
            ("medium", {"games": 5000, "epochs": 30}),
            ("hard", {"games": 4000, "epochs": 24, "lr": 1e-3}),
            *[("dagger", {"games": 4000, "epochs": 16, "lr": 1e-3})] * 2,
        ],
    },
    "hearts": {4: [
        # Five epochs, as the network shipped had; a short first stage leaves
        # room for the hard rows to move it (Shithead's finding above).
        ("medium", {"games": 3000, "epochs": 5}),
        ("hard", {"games": 10000, "epochs": 12, "soft": True}),
        ("dagger", {"games": 34400, "epochs": 10, "soft": True}),
    ]},
}


def check(recipe):
    """A message naming what is wrong with a recipe's stages, or None."""
    needs = {"medium": ("games", "epochs"), "hard": ("games", "epochs"), "dagger": ("games", "epochs"),
             "ppo": ("updates", "every")}
    if not isinstance(recipe, list) or not recipe:
        return "a recipe is a list of [kind, settings] stages"
    for k, stage in enumerate(recipe):
        if not (isinstance(stage, (list, tuple)) and len(stage) == 2 and isinstance(stage[1], dict)):
            return f"stage {k} is not [kind, settings]"
        kind, settings = stage
        if kind not in needs:
            return f"stage {k}: no stage kind {kind!r} (the kinds are {', '.join(needs)})"
        if (kind == "medium") != (k == 0):
            return f"stage {k}: a recipe starts with its one medium stage"
        missing = [key for key in needs[kind] if key not in settings]
        if missing:
            return f"stage {k} ({kind}) needs {', '.join(missing)}"
        samples = settings.get("samples")
        if samples is not None and (kind not in ("hard", "dagger") or type(samples) is not int or samples < 1):
            return f"stage {k} ({kind}): samples is a count of at least 1, for a hard or dagger stage only"
    return None


def snapshots(folder):
    """The `<seats>-<n>.crlw` files of a folder, by epoch or update."""
    return sorted(Path(folder).glob("*.crlw"), key=lambda p: int(p.stem.split("-")[1]))


def quick(kind, settings):
    """The stage cut down to a few games and one epoch (`--quick`): one game
    for the hard level to label (a Shithead game of it takes seconds)."""
    small = dict(settings, epochs=1, updates=2, every=1)
    small["games"] = 40 if kind == "medium" else 1
    return small


class Run:
    """One training run: the folder everything goes to, the clock, the log."""

    def __init__(self, args):
        self.game, self.out, self.quick = args.game, Path(args.out), args.quick
        self.select = 40 if args.quick else args.select
        self.cli_games = 40 if args.quick else 2000
        self.python, self.start, self.stages = sys.executable, time.time(), []
        target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
        self.data_tool = target / "release" / "examples" / "learned_data"

    def elapsed(self):
        return time.time() - self.start

    def call(self, log, *command):
        """Runs a command with its output in `log`; stops the run if it fails."""
        (self.out / "logs").mkdir(parents=True, exist_ok=True)
        path = self.out / "logs" / f"{log}.log"
        with path.open("w") as f:
            done = subprocess.run([str(c) for c in command], stdout=f, stderr=subprocess.STDOUT, cwd=ROOT)
        if done.returncode != 0:
            tool = Path(str(command[1] if command[0] == self.python else command[0])).name
            sys.exit(f"train.py: {tool} failed (exit {done.returncode}); see {path}")

    def data(self, name, seats, games, seed, *extra):
        """A learned_data folder of `games` games from `seed`; its meta.json."""
        folder = self.out / "data" / name
        self.call(f"data-{name}", self.data_tool, "--game", self.game, "--seats", seats, "--games", games,
                  "--seed", seed, "--out", folder, *extra)
        return folder, json.loads((folder / "meta.json").read_text())

    def wins(self, weights, seats, games, seed):
        """Games the learned seat (seat i mod seats in game i) won against medium bots."""
        folder = self.out / "data" / "eval"
        _, meta = self.data("eval", seats, games, seed, "--player", "learned", "--wins-only", "--weights", weights)
        shutil.rmtree(folder)
        return meta["player_wins"]

    def fit(self, name, seats, folders, settings, init=None):
        """learned.py on `folders`: the kept network's file and, when `init`
        is given, every epoch's snapshot."""
        out = self.out / "nets" / f"{name}.crlw"
        snaps = self.out / "nets" / name
        out.parent.mkdir(parents=True, exist_ok=True)
        command = [self.python, HERE / "learned.py", "--game", self.game, "--out", out, "--minutes", 600,
                   "--epochs", settings["epochs"], "--hidden", settings.get("hidden", "128,128")]
        for folder in folders:
            command += ["--data", folder]
        if settings.get("soft"):
            command.append("--soft")
        if init:
            command += ["--init", init, "--lr", settings.get("lr", 3e-4), "--snapshots", snaps]
        self.call(f"train-{name}", *command)
        return out, snapshots(snaps) if init else []

    def best(self, seats, start, candidates):
        """The candidate (the stage's start first) that won most selection games, with every count."""
        counts = [(self.wins(c, seats, self.select, SELECT_SEED), c) for c in [start, *candidates]]
        top = max(counts, key=lambda wc: wc[0])  # the first of equal counts: the earlier network
        return top[1], top[0], [[Path(c).name, w] for w, c in counts]

    def seat_count(self, seats, recipe):
        """Every stage of one seat count's recipe; the final network's file."""
        current, pool = None, []
        for index, (kind, settings) in enumerate(recipe):
            if self.quick:
                settings = quick(kind, settings)
            name, t0 = f"{seats}-{index}-{kind}", time.time()
            stage = {"seats": seats, "stage": kind, "settings": settings}
            if kind == "ppo":
                snaps = self.out / "nets" / name
                extra = [x for key in ("lr", "envs", "seat", "seed") if key in settings for x in (f"--{key}", settings[key])]
                extra += ["--envs", 4, "--steps", 8, "--warmup", 1] if self.quick else []
                self.call(f"train-{name}", self.python, HERE / "ppo.py", "--game", self.game, "--seats", seats,
                          "--init", current, "--updates", settings["updates"], "--every", settings["every"],
                          "--snapshots", snaps, "--curve", self.out / f"{name}-curve", *extra)
                current, won, stage["candidates"] = self.best(seats, current, snapshots(snaps))
            else:
                if kind == "medium":
                    folder, meta = self.data(name, seats, settings["games"], MEDIUM_SEED, "--teacher", "medium")
                    current, _ = self.fit(name, seats, [folder], settings)
                    won = self.wins(current, seats, self.select, SELECT_SEED)
                else:
                    extra = [] if kind == "hard" else ["--player", "learned", "--weights", current, "--only-player"]
                    extra += ["--samples", settings["samples"]] if "samples" in settings else []
                    seed = HARD_SEED if kind == "hard" else DAGGER_SEED + index * 1_000_000
                    folder, meta = self.data(name, seats, settings["games"], seed, *extra)
                    pool.append(folder)
                    _, snaps = self.fit(name, seats, pool, settings, init=current)
                    current, won, stage["candidates"] = self.best(seats, current, snaps)
                stage.update(rows=meta["rows"], data_seconds=round(meta["seconds"], 1))
            stage.update(seconds=round(time.time() - t0, 1), elapsed=round(self.elapsed(), 1),
                         kept=Path(current).name, wins=won, of=self.select)
            self.stages.append(stage)
            print(f"{self.game}, {seats} seats, {kind}: kept {Path(current).name}, won {won} of {self.select} "
                  f"({stage['seconds']:.0f} s; {self.elapsed() / 60:.1f} min in all)", flush=True)
        return current


def plot(report, path):
    """Wins of the network kept after each stage against training minutes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    for seats in sorted({s["seats"] for s in report["stages"]}, reverse=True):
        stages = [s for s in report["stages"] if s["seats"] == seats]
        x = [s["elapsed"] / 60 for s in stages]
        y = [s["wins"] / s["of"] for s in stages]
        line, = ax.plot(x, y, marker="o", label=f"{seats} seats")
        for s, xi, yi in zip(stages, x, y):
            ax.annotate(s["stage"], (xi, yi), textcoords="offset points", xytext=(4, -10), fontsize=7)
        ax.axhline(1 / seats, color=line.get_color(), ls=":", lw=1)
        ax.axhline(report["shipped_select_wins"][str(seats)] / report["select_games"], color=line.get_color(),
                   ls="--", lw=1, label=f"{seats} seats, the network shipped")
    ax.axvline(BUDGET_SECONDS / 60, color="grey", ls="--", lw=1, label="two-hour budget")
    ax.set(xlabel="minutes of training", ylabel=f"won against medium bots ({report['select_games']} games)",
           title=f"{report['game']}: the learned level, stage by stage (dotted: fair share)")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(RECIPES))
    ap.add_argument("--out", help="the run's folder (default target/learned/<game>-train)")
    ap.add_argument("--seats", type=int,
                    help="train this seat count's network only (the others copied from the shipped file)")
    ap.add_argument("--recipe", help='with --seats, these stages instead of the game\'s recipe, as JSON: '
                    '[["medium", {"games": 3000, "epochs": 30}], ["ppo", {"updates": 400, "every": 50}]]')
    ap.add_argument("--select", type=int, default=8000, help="games that choose among a stage's snapshots")
    ap.add_argument("--quick", action="store_true", help="a few games a stage: check the command works")
    ap.add_argument("--docs", action="store_true",
                    help="copy the curve and the report to docs/learned/<game>-train.png and .json")
    ap.add_argument("--ship", action="store_true", help="copy the weights to crates/<game>/learned.crlw")
    args = ap.parse_args()
    args.out = args.out or ROOT / "target" / "learned" / f"{args.game}-train"
    try:
        import cardrules
    except ImportError:
        sys.exit("train.py: the cardrules package is missing (pip install ./python)")
    if set(RECIPES) != set(cardrules.GAMES):
        sys.exit(f"train.py: the recipes {sorted(RECIPES)} are not the games {sorted(cardrules.GAMES)}")
    recipes = RECIPES[args.game]
    if args.seats:
        if args.seats not in recipes:
            sys.exit(f"train.py: {args.game} ships no network for {args.seats} seats (only {sorted(recipes)})")
        try:
            recipes = {args.seats: json.loads(args.recipe) if args.recipe else recipes[args.seats]}
        except json.JSONDecodeError as e:
            sys.exit(f"train.py: --recipe is not JSON ({e})")
    elif args.recipe:
        sys.exit("train.py: --recipe needs --seats")
    for seats, recipe in recipes.items():
        problem = check(recipe)
        if problem:
            sys.exit(f"train.py: {args.game} at {seats} seats: {problem}")
    # PyTorch only now: a bad command is refused in a fraction of the seconds its import takes.
    from learned import read_weights, weights_bytes

    shipped_path = ROOT / "crates" / args.game / "learned.crlw"
    shipped = read_weights(shipped_path.read_bytes())
    if set(RECIPES[args.game]) != set(shipped):
        sys.exit(f"train.py: the recipe's seat counts {sorted(RECIPES[args.game])} are not those shipped "
                 f"in {shipped_path} ({sorted(shipped)})")
    built = subprocess.run(["cargo", "build", "--release", "-p", "examples", "--example", "learned_data"], cwd=ROOT)
    if built.returncode != 0:
        sys.exit("train.py: building learned_data failed")
    run = Run(args)
    if run.out.exists():
        shutil.rmtree(run.out)
    run.out.mkdir(parents=True)
    shipped_wins = {str(seats): run.wins(shipped_path, seats, run.select, SELECT_SEED) for seats in recipes}
    finals = {seats: run.seat_count(seats, recipe) for seats, recipe in sorted(recipes.items(), reverse=True)}
    seconds = run.elapsed()
    weights = run.out / "learned.crlw"
    nets = dict(shipped) | {seats: read_weights(Path(f).read_bytes())[seats] for seats, f in finals.items()}
    weights.write_bytes(weights_bytes(sorted(nets.items(), reverse=True)))
    final = {
        str(seats): {"trained": run.wins(weights, seats, run.cli_games, CLI_SEED),
                     "shipped": run.wins(shipped_path, seats, run.cli_games, CLI_SEED), "of": run.cli_games}
        for seats in finals
    }
    report = {"game": args.game, "quick": args.quick, "recipes": recipes, "select_games": run.select, "select_seed": SELECT_SEED,
              "shipped_select_wins": shipped_wins,
              "seconds": round(seconds, 1), "budget_seconds": BUDGET_SECONDS, "within_budget": seconds <= BUDGET_SECONDS,
              "bytes": weights.stat().st_size, "final_from_seed_1": final, "stages": run.stages}
    (run.out / "report.json").write_text(json.dumps(report, indent=1) + "\n")
    plot(report, run.out / "curve.png")
    verdict = "within" if report["within_budget"] else "OVER"
    print(f"{args.game}: trained in {seconds / 60:.1f} min ({verdict} the two-hour budget), {report['bytes']} bytes; "
          f"from seed 1: " + ", ".join(f"{s} seats {f['trained']} of {f['of']} (shipped {f['shipped']})"
                                       for s, f in final.items()), flush=True)
    if args.docs:
        docs = ROOT / "docs" / "learned" / f"{args.game}-train"
        shutil.copy(run.out / "curve.png", docs.with_suffix(".png"))
        shutil.copy(run.out / "report.json", docs.with_suffix(".json"))
        print(f"written: {docs}.png and .json")
    if args.ship:
        shutil.copy(weights, shipped_path)
        print(f"shipped: {shipped_path}")


if __name__ == "__main__":
    sys.exit(main())
