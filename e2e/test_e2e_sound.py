"""The sounds in the page (pyapp/web/audio.py): a test double of the Web Audio API records every
AudioContext made and every oscillator started. With Sound on, a move by a real tap or drag
plays; with it off, nothing; nothing is made or played before the player's first gesture (a
page that plays a move by itself stays silent), and after a while of silence the audio sleeps
until the next gesture; the setting survives a reload; under reduced motion it is off until the
player turns it on in the menu; offline, a returning player's page still sounds."""

from __future__ import annotations

import datetime
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

import helpers
from conftest import CACHED, Orbit
from pyapp.app.session import Session
from pyapp.core.daily import daily_link, daily_seed
from pyapp.games import get_game, get_view
from pyapp.ui.sounds import COLLAPSE, PICKUP, PLACE, TONES

#: The page's AudioContext, recorded: each context made (and whether a gesture of the player's was
#: being handled: ``navigator.userActivation.isActive``), each oscillator started, with its wave and
#: first pitch (which name the sound: :data:`pyapp.ui.sounds.TONES`), each resume and suspend.
AUDIO = """
window.orbitAudio = [];
class OrbitParam { setValueAtTime(v) { if (this.first === undefined) this.first = v; return this; }
                   linearRampToValueAtTime() { return this; } exponentialRampToValueAtTime() { return this; } }
class OrbitNode { connect() {} disconnect() {} }
class OrbitOscillator extends OrbitNode {
  constructor() { super(); this.type = "sine"; this.frequency = new OrbitParam(); }
  start(at) { window.orbitAudio.push({call: "start", wave: this.type, freq: this.frequency.first, at}); }
  stop() {}
}
class OrbitGain extends OrbitNode { constructor() { super(); this.gain = new OrbitParam(); } }
class OrbitAudioContext {
  constructor() {
    this.state = "running"; this.destination = new OrbitNode(); this.t0 = performance.now();
    window.orbitAudio.push({call: "context", active: navigator.userActivation.isActive});
  }
  get currentTime() { return (performance.now() - this.t0) / 1000; }
  createOscillator() { return new OrbitOscillator(); }
  createGain() { return new OrbitGain(); }
  resume() { this.state = "running"; window.orbitAudio.push({call: "resume"}); return Promise.resolve(); }
  suspend() { this.state = "suspended"; window.orbitAudio.push({call: "suspend"}); return Promise.resolve(); }
}
window.AudioContext = OrbitAudioContext;
window.webkitAudioContext = OrbitAudioContext;
"""

#: Each sound by its first tone (its wave and pitch).
BY_FIRST_TONE = {(tones[0].wave, tones[0].freq): name for name, tones in TONES.items()}


def audio(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("window.orbitAudio"))


def sounds(page: Page, since: int = 0) -> list[str]:
    """The sounds the page played (after the first ``since`` records), by their first tones."""
    starts = [r for r in audio(page)[since:] if r["call"] == "start"]
    return [BY_FIRST_TONE[(r["wave"], r["freq"])] for r in starts if (r["wave"], r["freq"]) in BY_FIRST_TONE]


def new_page(browser: Browser, base: str, motion: str, settings: str = "", phone: bool = False) -> tuple[BrowserContext, Orbit]:
    """A page with the audio recorded, animations as ``motion`` says, the settings ``settings``
    kept before its first visit (a JSON list, as ``orbit.settings`` holds them)."""
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone, service_workers="block",
                                  reduced_motion=motion)  # type: ignore[arg-type]
    context.add_init_script(AUDIO)
    if settings:
        context.add_init_script("if (!localStorage.getItem('orbit.settings')) localStorage.setItem('orbit.settings', %r)"
                                % settings)
    return context, Orbit(context.new_page(), base)


def menu_switch(page: Page) -> Any:
    """The Sound switch in the settings menu, the menu opened."""
    if not page.locator("#set-sound").is_visible():
        page.locator("#more").click()
    return page.locator("#set-sound")


def test_nothing_plays_before_the_first_gesture_then_a_drag_and_a_tap_play(browser: Browser, base_url_orbit: str) -> None:
    context, orbit = new_page(browser, base_url_orbit, "no-preference", '["autocollapse", "marks"]')
    page = orbit.page
    # a link stopped in a collapse's choice: the page plays the slide by itself, animated, with no gesture
    orbit.open("#g=gravity&v=1&o=&s=42&m=c1c2")
    orbit.wait_until("location.hash.endsWith('m=c1c2.b1')")
    orbit.idle()
    assert audio(page) == []  # no AudioContext made, nothing played: the player has not touched the page
    session = Session.new(get_game("gravity"), 42).played("c1c2").played("b1")
    helpers.assert_board_matches(page, session)
    stacks = [t for t in session.legal_moves() if len(t) == 4]
    helpers.play_via_ui(orbit, session, stacks[0], how="drag")
    orbit.wait_until("window.orbitAudio.filter(r => r.call === 'start').length >= 2")
    made = [r for r in audio(page) if r["call"] == "context"]
    assert made == [{"call": "context", "active": True}]  # made once, inside the player's gesture
    # picked up as the drag began, then stacked: the planet collapses (a slide the page then plays for the
    # player, autocollapse, is a card put down)
    assert sounds(page)[:2] == [PICKUP, COLLAPSE] and set(sounds(page)[2:]) <= {PLACE}
    orbit.idle()
    session = helpers.assert_board_matches(page)
    orbit.wait_until("window.orbitAudio.some(r => r.call === 'suspend')", timeout=10)  # silent a while: it sleeps
    before = len(audio(page))
    table = get_view("gravity").table(session.state, False, frozenset({"autocollapse"}))
    source = next(s for s in table.sources() if not any(g.tap for g in table.gestures if g.source == s))
    helpers.card_locator(page, *source).click()  # a tap picks it up
    orbit.wait_until("window.orbitAudio.slice(%d).some(r => r.call === 'start')" % before)
    assert sounds(page, before) == [PICKUP]
    assert [r["call"] for r in audio(page)[before:]][:2] == ["resume", "start"]  # the tap woke it
    orbit.assert_clean()
    context.close()


def test_with_sound_off_nothing_plays_and_the_choice_survives_a_reload(browser: Browser, base_url_orbit: str) -> None:
    context, orbit = new_page(browser, base_url_orbit, "no-preference")
    page = orbit.page
    session = Session.new(get_game("gyre"), 42)
    orbit.open(session.link().fragment())
    switch = menu_switch(page)
    expect(switch).to_be_checked()  # on by default
    expect(page.locator("label:has(#set-sound)")).to_have_text("Sound")
    switch.uncheck()
    page.locator("#more").click()  # the menu closes
    before = len(audio(page))
    helpers.play_via_ui(orbit, session, "R")
    session = helpers.assert_board_matches(page, session.played("R"))
    token = next(m for m in session.legal_moves() if m.startswith("S"))
    helpers.play_via_ui(orbit, session, token, how="drag")
    helpers.assert_board_matches(page, session.played(token))
    page.wait_for_timeout(300)
    assert [r for r in audio(page)[before:] if r["call"] == "start"] == []
    assert "sound=off" in page.evaluate("localStorage.getItem('orbit.settings')")
    page.reload()
    orbit.wait_ready()
    expect(menu_switch(page)).not_to_be_checked()  # kept
    page.locator("#more").click()
    session = session.played(token)
    helpers.play_via_ui(orbit, session, session.legal_moves()[0])
    page.wait_for_timeout(300)
    assert audio(page) == []  # off: not even an AudioContext is made
    switch = menu_switch(page)
    switch.check()  # on again: what a move sounds like, at once
    orbit.wait_until("window.orbitAudio.some(r => r.call === 'start')")
    assert sounds(page) == [PLACE]
    orbit.assert_clean()
    context.close()


def test_under_reduced_motion_sound_is_off_until_turned_on_in_the_menu(browser: Browser, base_url_orbit: str) -> None:
    context, orbit = new_page(browser, base_url_orbit, "reduce", phone=True)
    page = orbit.page
    session = Session.new(get_game("gyre"), 42)
    orbit.open(session.link().fragment())
    helpers.play_via_ui(orbit, session, "R", how="tap")
    session = helpers.assert_board_matches(page, session.played("R"))
    page.wait_for_timeout(300)
    assert audio(page) == []  # off by default under reduced motion: nothing made, nothing played
    switch = menu_switch(page)
    expect(switch).not_to_be_checked()
    switch.check()
    orbit.wait_until("window.orbitAudio.some(r => r.call === 'start')")
    assert sounds(page) == [PLACE]
    page.locator("#more").click()
    before = len(audio(page))
    helpers.play_via_ui(orbit, session, "R", how="tap")
    orbit.wait_until("window.orbitAudio.slice(%d).some(r => r.call === 'start')" % before)
    assert sounds(page, before) == [PLACE]
    page.reload()
    orbit.wait_ready()
    expect(menu_switch(page)).to_be_checked()  # chosen on: kept under reduced motion too
    orbit.assert_clean()
    context.close()


def test_offline_after_the_first_visit_a_move_sounds_and_a_daily_result_is_shared(browser: Browser,
                                                                                     base_url_orbit: str) -> None:
    """The sounds are made in the page, so they need nothing from the network: with it off, a
    returning player's page (its files from the service worker's cache) still sounds, and its
    daily deal's result still goes to the clipboard."""
    context = browser.new_context(service_workers="allow", reduced_motion="reduce")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    context.add_init_script(AUDIO)
    context.add_init_script("""if (!localStorage.getItem('orbit.settings'))
        localStorage.setItem('orbit.settings', '["sound"]')""")  # turned on (reduced motion starts it off)
    orbit = Orbit(context.new_page(), base_url_orbit)
    page = orbit.page
    day = datetime.datetime.now(datetime.timezone.utc).date()
    orbit.open(daily_link("gravity", day))
    orbit.wait_until(CACHED)
    context.set_offline(True)
    try:
        page.reload()
        orbit.wait_ready()
        session = Session.new(get_game("gravity"), daily_seed("gravity", day))
        token = session.legal_moves()[0]
        helpers.play_via_ui(orbit, session, token, how="drag")
        orbit.wait_until("window.orbitAudio.some(r => r.call === 'start')")
        assert PICKUP in sounds(page)
        for _i in range(2):
            if not page.locator("#resign").is_visible():
                page.locator("#more").click()
            page.locator("#resign").click()
        page.locator("#summary-share").click()
        expect(page.locator("#notice-text")).to_have_text("Result copied: paste it in a message.")
        text = page.evaluate("navigator.clipboard.readText()")
        assert text.splitlines()[-1].endswith(daily_link("gravity", day))
    finally:
        context.set_offline(False)
    orbit.assert_clean()
    context.close()
