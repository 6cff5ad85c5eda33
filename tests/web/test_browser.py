"""The web table in a real browser: Playwright for Python driving the system Chromium
(``/usr/bin/chromium``, installed by the system package manager; no browser is downloaded).
A person plays a whole Belote deal and a Burraco turn by clicks, an illegal click shows the
rule's sentence, and a screenshot of each game is kept in ``build/`` (a CI artefact).

The server runs in a thread of this process (uvicorn on a free port), so that the test can
read the table's real state."""

from __future__ import annotations

import json
import random
import shutil
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

import parlour
from tests.web.helpers import CARD, ROOT, card_codes, free_port, states_of

CHROMIUM = "/usr/bin/chromium"
BUILD = ROOT / "build"

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright for Python (the webtest extra) is not installed"
)
if shutil.which(CHROMIUM) is None:
    pytest.skip(f"no system Chromium at {CHROMIUM}", allow_module_level=True)

from parlour.web import TableStore, create_app  # noqa: E402

TIMEOUT_MS = 15_000
READY = """() => document.body.dataset.over === 'true' ||
  (document.body.dataset.toAct === '0'
   && document.body.dataset.drawn === document.body.dataset.number
   && JSON.parse(document.body.dataset.legal || '[]').length > 0)"""


class _Server:
    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.port = free_port()
        config = uvicorn.Config(
            create_app(store=store), host="127.0.0.1", port=self.port, log_level="warning"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> _Server:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def site() -> Iterator[_Server]:
    with _Server(TableStore(":memory:", seeds=random.Random(11))) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def _legal(page: Any) -> list[str]:
    moves: list[str] = json.loads(page.evaluate("document.body.dataset.legal"))
    return moves


def _hand(page: Any) -> list[str]:
    codes: list[str] = page.eval_on_selector_all(
        "#hand [data-card]", "nodes => nodes.map(node => node.dataset.card)"
    )
    return codes


def _number(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.number"))


def _click_card(page: Any, code: str, skip: int = 0) -> None:
    page.locator(f'#hand .card-holder:has([data-card="{code}"])').nth(skip).click()


def _state(site: _Server, page: Any) -> Any:
    table = page.evaluate("location.pathname")
    found = site.store.by_token(table.removeprefix("/play/"))
    assert found is not None
    return found[0].state


def test_a_whole_belote_deal_by_clicks(site: _Server, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(site.base + "/")
    page.select_option("#game", "belote")
    page.fill("#seats", "human,heuristic,heuristic,heuristic")
    page.fill("#options", '{"target": null}')
    page.click("button[type=submit]")
    page.click(".seat-link >> nth=0")
    page.wait_for_url("**/play/*")
    illegal_tried = shot = False
    clicks = 0
    while True:
        page.wait_for_function(READY, timeout=TIMEOUT_MS)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        legal = _legal(page)
        number = _number(page)
        state = _state(site, page)
        assert parlour.view(state, 0).legal_moves == tuple(legal)
        plays = [move for move in legal if move.startswith("play ")]
        if plays:
            hand = _hand(page)
            seen = parlour.view(state, 0)
            assert sorted(hand) == sorted(card.text for card in seen.hand)
            # the other hands are backs, as many as each holds, and no face of theirs
            assert page.locator(".others .card-back").count() == sum(seen.hand_sizes[1:])
            on_table = [card.text for _, card in seen.trick]
            assert page.eval_on_selector_all(
                '.zone[data-zone="trick"] [data-card]', "nodes => nodes.map(n => n.dataset.card)"
            ) == on_table
            if len(on_table) >= 2 and not shot:
                BUILD.mkdir(exist_ok=True)
                page.screenshot(path=str(BUILD / "web-belote.png"), full_page=True)
                shot = True
            barred = [code for code in hand if f"play {code}" not in legal]
            if barred and not illegal_tried:
                # a click on a card the rules forbid: the page shows the rule's sentence
                violation = parlour.check(state, f"play {barred[0]}", seat=0)
                assert violation is not None
                _click_card(page, barred[0])
                page.wait_for_function("document.getElementById('error').textContent !== ''")
                assert page.inner_text("#error") == f"{violation.message} ({violation.rule})"
                assert _number(page) == number  # nothing was played
                illegal_tried = True
            _click_card(page, plays[0].split(" ")[1])
        else:
            choice = "take" if "take" in legal else legal[0]
            page.click(f'#moves button[data-move="{choice}"]')
        clicks += 1
        page.wait_for_function(f"Number(document.body.dataset.number) > {number}")
    assert clicks >= 8  # at least the eight cards of a deal (and a bid)
    assert _hand(page) == []
    assert "The match is over" in page.inner_text("#end")
    assert shot and (BUILD / "web-belote.png").stat().st_size > 10_000
    page.screenshot(path=str(BUILD / "web-belote-end.png"), full_page=True)
    link = page.get_attribute("#log-link", "href")
    with urllib.request.urlopen(site.base + link) as download:
        log = download.read().decode()
    report = parlour.validate(log)
    assert report.ok and report.moves_applied == len(json.loads(log)["moves"])
    assert parlour.read_log(log).moves[0].startswith("deal ")
    page.close()


def test_a_burraco_turn_by_clicks(site: _Server, browser: Any) -> None:
    setup = {"game": "burraco", "seats": ["human", "heuristic", "heuristic", "heuristic"]}
    request = urllib.request.Request(
        site.base + "/api/tables", data=json.dumps(setup).encode(), method="POST"
    )
    with urllib.request.urlopen(request) as answer:
        made = json.load(answer)
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    page.goto(site.base + made["seats"][0]["link"])
    page.wait_for_function(READY, timeout=TIMEOUT_MS)
    assert set(_legal(page)) == {"draw", "pickup"}
    number = first = _number(page)
    page.click('#moves button[data-move="draw"]')
    page.wait_for_function(f"Number(document.body.dataset.number) > {number}")
    page.wait_for_function(READY, timeout=TIMEOUT_MS)
    state = _state(site, page)
    hand = _hand(page)
    assert len(hand) == 12
    assert sorted(hand) == sorted(card.text for card in parlour.view(state, 0).hand)
    melds = [move for move in _legal(page) if move.startswith("meld ")]
    melded: list[str] = []
    if melds:  # lay a meld down, card by card
        meld = melds[0]
        melded = [word for word in meld.split(" ") if CARD.match(word)]
        used: dict[str, int] = {}
        for code in melded:
            _click_card(page, code, used.get(code, 0))
            used[code] = used.get(code, 0) + 1
        number = _number(page)
        page.click(f'#moves button[data-move="{meld}"]')
        page.wait_for_function(f"Number(document.body.dataset.number) > {number}")
        page.wait_for_function(READY, timeout=TIMEOUT_MS)
    discards = [move for move in _legal(page) if move.startswith("discard ")]
    assert discards
    card = discards[0].split(" ")[1]
    number = _number(page)
    _click_card(page, card)
    page.wait_for_function(
        f"""Number(document.body.dataset.number) > {number} ||
        document.querySelector('#moves button[data-move="discard {card}"]') !== null"""
    )
    if _number(page) == number:
        page.click(f'#moves button[data-move="discard {card}"]')
    page.wait_for_function(f"Number(document.body.dataset.number) > {number}")
    told = page.eval_on_selector_all(
        "#events .event[data-kind=discard]", "nodes => nodes.map(node => node.textContent)"
    )
    assert f'discard {{"seat":0,"card":"{card}"}}' in told
    table = site.store.get(made["table"])
    assert table is not None
    turn = ["draw", *melds[:1], discards[0]]
    assert list(table.match.moves[first : first + len(turn)]) == turn
    page.wait_for_function("document.body.dataset.drawn === document.body.dataset.number")
    BUILD.mkdir(exist_ok=True)
    page.screenshot(path=str(BUILD / "web-burraco.png"), full_page=True)
    assert (BUILD / "web-burraco.png").stat().st_size > 10_000
    page.close()
    # a spectator's page: every hand face down, the melds and the discard pile face up
    watch = browser.new_page(viewport={"width": 1300, "height": 1000})
    watch.goto(site.base + made["watch"])
    watch.wait_for_function(
        "document.body.dataset.drawn !== undefined &&"
        " document.body.dataset.drawn === document.body.dataset.number"
    )
    states = states_of(table.log())
    seen = parlour.view(states[_number(watch)], None)
    assert watch.inner_text("#title") == "burraco: spectator"
    assert _hand(watch) == []
    assert watch.locator(".others .card-back").count() == sum(seen.hand_sizes)
    shown = watch.eval_on_selector_all(
        "#zones [data-card]", "nodes => nodes.map(node => node.dataset.card)"
    )
    public = card_codes(seen.to_dict())
    assert public and sorted(shown) == sorted(public)
    watch.close()
