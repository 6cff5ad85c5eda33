"""Without the extra ``parlour[web]``: ``import parlour.web`` works and ``parlour serve``
says how to install it and exits 2 (these tests need no extra)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import parlour
import parlour.web._app as web_app
from parlour.cli import main
from tests.web.helpers import ROOT


def test_serve_without_the_extra_exits_2_and_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(web_app, "WEB_EXTRA", False)
    assert main(["serve", "--port", "0"]) == 2
    assert capsys.readouterr().err == (
        "parlour: the web table needs the web extra: pip install 'parlour[web]'\n"
    )
    with pytest.raises(parlour.web.WebExtraError):
        parlour.web.create_app()


def test_serve_refuses_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "the port must be from 0 to 65535" in capsys.readouterr().err


WITHOUT_THE_EXTRA = """
import sys

class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("starlette", "uvicorn"):
            raise ImportError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, Missing())
import parlour.web
assert parlour.web.WEB_EXTRA is False
from parlour.cli import main
sys.exit(main(["serve"]))
"""


def test_without_starlette_and_uvicorn_parlour_web_imports_and_serve_exits_2() -> None:
    ran = subprocess.run(
        [sys.executable, "-c", WITHOUT_THE_EXTRA],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip
    assert ran.returncode == 2, ran.stderr
    assert ran.stderr == "parlour: the web table needs the web extra: pip install 'parlour[web]'\n"
