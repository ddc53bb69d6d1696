"""The optional parts of the package and what they need: ``pip install
./python`` brings numpy only, and each adapter's packages come with an extra
of ``python/pyproject.toml`` (``pip install "./python[gymnasium]"``).
``need`` is called by each adapter before its imports, so that a missing
package is named with the extra that installs it rather than as a bare
"No module named ..."."""

import importlib.util

#: Each extra: the modules its adapters import, with the requirement that
#: installs each (as ``[project.optional-dependencies]`` in
#: python/pyproject.toml lists them; a test keeps the two alike).
EXTRAS = {
    "gymnasium": {"gymnasium": "gymnasium>=1.0"},
    "pettingzoo": {"pettingzoo": "pettingzoo>=1.24", "gymnasium": "gymnasium>=1.0"},
    "openspiel": {"pyspiel": "open-spiel>=1.4"},
}


def need(adapter, extra):
    """Raises ModuleNotFoundError (an ImportError) naming ``extra`` when a
    module it installs cannot be found; ``adapter`` is what needs it, as the
    user wrote it (``cardrules.gym``). A module that is found is not
    imported here: an error inside it shows as it is."""
    modules = EXTRAS[extra]
    missing = [m for m in modules if _absent(m)]
    if missing:
        names = " and ".join(missing)
        requirements = " ".join(f'"{modules[m]}"' for m in missing)
        raise ModuleNotFoundError(
            f"{adapter} needs {names}, which {'is' if len(missing) == 1 else 'are'} not installed: "
            f'install cardrules with its {extra} extra (pip install "./python[{extra}]" from the root of '
            f"the card-rules repository) or the missing requirements alone (pip install {requirements})",
            name=missing[0],
        )


def _absent(module):
    """Whether ``module`` cannot be imported: not installed, or blocked by a
    None in ``sys.modules`` (as Python's import machinery reads it)."""
    try:
        return importlib.util.find_spec(module) is None
    except ValueError:
        # A module imported without a spec (some embedded interpreters):
        # present.
        return False
