"""The classroom in the browser (docs/classroom.md): a teacher opens a class from the
lobby, two pupils join with the class code and a first name, the teacher starts practice,
the pupils' answers (the Practice page's events) show in the live sheet, the sheet is
exported as CSV, games hand each pupil a link to their own seat, and the end of the class
(confirmed) deletes it: the pupils' page says so."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from geodeck.server.tokens import normal_code, shown_code
from tests.browser.driver import DESKTOP, PHONE, Player, open_player

ANSWER = """([card, right, streak, area]) => document.dispatchEvent(new CustomEvent(
  'geodeck:practice-answer',
  {detail: {game: 'uppsala', mode: 'survival', card, right, streak, area}}))"""
END = """() => document.dispatchEvent(new CustomEvent('geodeck:practice-end',
  {detail: {game: 'uppsala', mode: 'survival', score: 2, mistakes: 1}}))"""


def answer(pupil: Player, answers: list[tuple[str, bool, str]]) -> None:
    streak = 0
    for card, right, area in answers:
        streak = streak + 1 if right else 0
        pupil.page.evaluate(ANSWER, [card, right, streak, area])
    pupil.page.evaluate(END)


def row(teacher: Player, name: str, column: str) -> str:
    cell = teacher.page.locator(
        f"#class-sheet tr:has(th:text-is('{name}')) td[data-col='{column}']"
    )
    return cell.inner_text()


def open_class(teacher: Player, server: str) -> str:
    page = teacher.page
    page.goto(f"{server}/")
    page.wait_for_selector("#classroom-entry")
    teacher.shot("classroom-desktop-lobby")
    page.locator("#classroom-entry").click()
    page.wait_for_selector("#class-open")
    teacher.shot("classroom-desktop-open")
    page.fill("#class-title", "Class 4b")
    page.locator("#class-create").click()
    shown = page.locator("#class-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z]{4}-[A-Z]{4}-[A-Z][2-9]{3}", shown), shown
    code = normal_code(shown)
    expect(page.locator(".class-empty")).to_be_visible()
    return code


def join(pupil: Player, server: str, code: str) -> None:
    # A pupil may also type the class code into the lobby's "Join a table" box.
    pupil.page.goto(f"{server}/")
    pupil.page.fill("#join-code", shown_code(code).lower())
    pupil.shot(f"classroom-lobby-{pupil.name}")
    pupil.page.locator(".join button[type='submit']").click()
    pupil.page.wait_for_selector("#class-name")
    assert pupil.page.url.endswith(f"/?class={code}")
    pupil.shot(f"classroom-join-{pupil.name}")
    pupil.page.fill("#class-name", pupil.name)
    pupil.page.locator("#class-join-button").click()
    expect(pupil.page.locator(".class-wait")).to_be_visible()


def exported(teacher: Player) -> list[tuple[str, str, str]]:
    with teacher.page.expect_download() as download:
        teacher.page.locator("#class-export").click()
    text = Path(download.value.path()).read_text("utf-8")
    return [(r["name"], r["answers"], r["right"]) for r in csv.DictReader(io.StringIO(text))]


def teacher_on_a_phone(browser: Browser, teacher: Player, server: str) -> Player:
    """The same class on the teacher's phone (the class kept in the page's storage), in
    English and then in Italian."""
    phone = open_player(browser, "Teacher on a phone", PHONE)
    kept = teacher.page.evaluate("() => localStorage.getItem('geodeck.classTeacher')")
    phone.page.goto(f"{server}/")
    phone.page.evaluate("(v) => localStorage.setItem('geodeck.classTeacher', v)", kept)
    phone.page.goto(f"{server}/?classroom")
    expect(phone.page.locator("#class-sheet tbody tr")).to_have_count(2, timeout=10000)
    phone.shot("classroom-phone-teacher")
    phone.page.select_option("#lang", "it")
    expect(phone.page.locator(".class-results h3")).to_have_text("Risultati di 2 alunni")
    expect(phone.page.locator("#class-export")).to_have_text("Esporta CSV")
    phone.shot("classroom-phone-teacher-it")
    return phone


def test_a_teacher_runs_a_class_of_two_pupils(
    server: str, browser: Browser, screenshots: Path
) -> None:
    teacher = open_player(browser, "Teacher", DESKTOP)
    page = teacher.page
    code = open_class(teacher, server)
    pupils = [open_player(browser, "Ann", PHONE), open_player(browser, "Ben", DESKTOP)]
    for pupil in pupils:
        join(pupil, server, code)
    expect(page.locator("#class-sheet tbody tr")).to_have_count(2, timeout=10000)

    page.select_option("#class-mode", "region")
    page.fill("#class-region", "se")
    page.locator("#class-start-practice").click()
    for pupil in pupils:
        go = pupil.page.locator("#class-go")
        expect(go).to_have_attribute(
            "href", re.compile(r"practice=uppsala&mode=region&region=SE"), timeout=10000
        )
    answer(pupils[0], [("a", True, "SE"), ("b", True, "SE"), ("c", False, "SE")])
    answer(pupils[1], [("a", False, "NO"), ("b", True, "SE")])
    ann = "#class-sheet tr:has(th:text-is('Ann')) td[data-col='answers']"
    ben = "#class-sheet tr:has(th:text-is('Ben')) td[data-col='answers']"
    expect(page.locator(ann)).to_have_text("3", timeout=10000)
    expect(page.locator(ben)).to_have_text("2", timeout=10000)
    assert row(teacher, "Ann", "right") == "2"
    assert row(teacher, "Ann", "streak") == "2"
    assert row(teacher, "Ben", "weak") == "NO"
    mine = pupils[0].page.locator("#class-mine dd[data-col='answers']")
    expect(mine).to_have_text("2 / 3", timeout=10000)
    assert "Ben" not in pupils[0].page.inner_text("body")
    teacher.shot("classroom-desktop-sheet")
    pupils[0].shot("classroom-phone-pupil")
    assert exported(teacher) == [("Ann", "3", "2"), ("Ben", "2", "1")]

    page.select_option("#class-size", "2")
    page.locator("#class-start-games").click()
    expect(page.locator("#class-now")).to_contain_text("1")
    links = []
    for pupil in pupils:
        go = pupil.page.locator("#class-go")
        expect(go).to_have_attribute("href", re.compile(r"table=[A-Z]{12}"), timeout=10000)
        links.append(go.get_attribute("href"))
    assert links[0] == links[1]
    pupils[1].page.locator("#class-go").click()
    pupils[1].page.wait_for_selector("#table-code")
    phone = teacher_on_a_phone(browser, teacher, server)
    teacher.shot("classroom-desktop-games")
    for player in (teacher, phone, *pupils):
        assert not player.errors, (player.name, player.errors)

    phone.page.close()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#class-end").click()
    expect(page.locator("#class-open")).to_be_visible(timeout=10000)
    expect(pupils[0].page.locator(".class-gone")).to_be_visible(timeout=10000)
    class_ended(pupils[0])
    # Once the class has ended, the pages still open asked for it and were told it is gone.
    gone = "the server responded with a status of 404"
    for player in (teacher, *pupils):
        assert all(gone in error for error in player.errors), (player.name, player.errors)


def class_ended(pupil: Player) -> None:
    """An ended class is not offered again: no join form, the way to the lobby instead."""
    page = pupil.page
    expect(page.locator("#class-ended")).to_be_visible()
    expect(page.locator("#class-join-button")).to_have_count(0)
    expect(page.locator("#class-name")).to_have_count(0)
    expect(page.locator("#class-lobby")).to_have_attribute("href", "/")
    pupil.shot("classroom-phone-ended")


SMALL_PHONE = {"width": 320, "height": 640}
WIDER = """() => ({
  page: document.documentElement.scrollWidth,
  past: [...document.querySelectorAll('#class-open *, .class-join *')]
    .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
    .map((e) => e.tagName + (e.id ? '#' + e.id : '')),
})"""


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_the_class_forms_fit_a_320_px_phone(server: str, browser: Browser, lang: str) -> None:
    """On a 320-px phone the teacher's form (its longest game name, the file picker) and
    the pupil's join form stay on the screen: the page never scrolls sideways."""
    teacher = open_player(browser, "Teacher", SMALL_PHONE)
    page = teacher.page
    page.goto(f"{server}/")
    page.evaluate(f"() => localStorage.setItem('geodeck.lang', JSON.stringify('{lang}'))")
    page.goto(f"{server}/?classroom")
    page.wait_for_selector("#class-open")
    found = page.evaluate(WIDER)
    assert found == {"page": 320, "past": []}, found
    page.fill("#class-title", "Class 4b")
    page.locator("#class-create").click()
    code = normal_code(page.locator("#class-code").inner_text())
    pupil = open_player(browser, "Pia", SMALL_PHONE)
    pupil.page.goto(f"{server}/")
    pupil.page.evaluate(f"() => localStorage.setItem('geodeck.lang', JSON.stringify('{lang}'))")
    pupil.page.goto(f"{server}/?class={code}")
    pupil.page.wait_for_selector("#class-name")
    pupil.page.fill("#class-name", "Pia")
    found = pupil.page.evaluate(WIDER)
    assert found == {"page": 320, "past": []}, found
    expect(pupil.page.locator("#class-name")).to_have_value("Pia")
    teacher.shot(f"classroom-class-320-{lang}")
    pupil.shot(f"classroom-join-320-{lang}")
