"""pytest works from python/ as well as from python/tests: the sources live in
python/pysrc, so no folder shadows the installed package."""

import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize("where", [TESTS.parent, TESTS])
def test_pytest_collects_from(where):
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "test_layout.py" in out.stdout


def test_the_installed_package_is_imported_not_a_source_folder():
    out = subprocess.run(
        [sys.executable, "-c", "import cardrules, cardrules._core; print(cardrules.__file__)"],
        cwd=TESTS.parent,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "pysrc" not in out.stdout
