"""Buttons: bounce sequences give exactly one press; holds, repeats and combos on a fake
clock; the GPIO backend on gpiozero's mock pins; the keyboard backend on posted events."""

from __future__ import annotations

import os

import pytest

from firmware_sim.buttons import (
    BounceModel,
    Button,
    ButtonDriver,
    ButtonEvent,
    InputTiming,
    RawEdge,
    SimButtons,
)
from firmware_sim.clock import FakeClock


def run(driver: ButtonDriver, sim: SimButtons, until_ms: float, step: float = 0.25
        ) -> list[ButtonEvent]:
    """Sample the simulated pins every ``step`` ms, as a fast GPIO poll would."""
    out: list[ButtonEvent] = []
    t = 0.0
    while t <= until_ms:
        out.extend(driver.update(t, sim.poll(t)))
        t += step
    return out


def kinds(events: list[ButtonEvent]) -> list[tuple[str, str]]:
    return [(e.kind, e.combo or (e.button.value if e.button else "")) for e in events]


@pytest.mark.parametrize("seed", range(40))
def test_a_bouncing_press_is_exactly_one_press_and_one_release(seed: int) -> None:
    sim = SimButtons(seed=seed)
    sim.tap(Button.A, 10.0, length_ms=60.0)
    events = run(ButtonDriver(), sim, 200.0)
    assert kinds(events) == [("press", "A"), ("release", "A")]


def test_bounce_is_really_there_and_an_undebounced_reader_would_see_many_presses() -> None:
    sim = SimButtons(seed=3)
    sim.tap(Button.B, 0.0, 50.0)
    edges = sim.poll(100.0)
    assert sum(e.down for e in edges) >= 2  # several closings for one press
    assert edges[0].down and not edges[-1].down


def test_bounce_longer_than_the_window_counts_as_two_presses() -> None:
    # Contacts that chatter with 8 ms gaps are two presses for a 5 ms debounce: the
    # window is a real threshold, not "ignore everything close together".
    d = ButtonDriver()
    edges = [RawEdge(Button.A, True, 0.0), RawEdge(Button.A, False, 8.0),
             RawEdge(Button.A, True, 16.0), RawEdge(Button.A, False, 40.0)]
    events = d.update(100.0, edges)
    assert kinds(events) == [("press", "A"), ("release", "A"), ("press", "A"),
                             ("release", "A")]
    assert [e.t_ms for e in events] == [5.0, 13.0, 21.0, 45.0]


def test_debounce_window_is_configurable() -> None:
    edges = [RawEdge(Button.A, True, 0.0), RawEdge(Button.A, False, 8.0),
             RawEdge(Button.A, True, 16.0)]
    events = ButtonDriver(InputTiming(debounce_ms=10.0)).update(100.0, edges)
    assert kinds(events) == [("press", "A")]
    assert events[0].t_ms == 26.0


def test_hold_after_500_ms_and_dpad_repeat() -> None:
    sim = SimButtons(bounce=None)
    sim.press(Button.LEFT, 0.0)
    sim.release(Button.LEFT, 700.0)
    sim.press(Button.A, 1000.0)
    sim.release(Button.A, 1800.0)
    events = run(ButtonDriver(), sim, 2000.0, step=1.0)
    left = [e for e in events if e.button is Button.LEFT]
    assert kinds(left) == [("press", "LEFT"), ("repeat", "LEFT"), ("repeat", "LEFT"),
                           ("hold", "LEFT"), ("repeat", "LEFT"), ("repeat", "LEFT"),
                           ("release", "LEFT")]
    assert [e.t_ms for e in left if e.kind == "repeat"] == [355.0, 455.0, 555.0, 655.0]
    assert [e.t_ms for e in left if e.kind == "hold"] == [505.0]
    a = [e for e in events if e.button is Button.A]
    assert kinds(a) == [("press", "A"), ("hold", "A"), ("release", "A")]  # no repeat off the pad


def test_a_hold_is_not_lost_when_the_driver_is_updated_late() -> None:
    d = ButtonDriver()
    events = d.update(2000.0, [RawEdge(Button.B, True, 0.0), RawEdge(Button.B, False, 900.0)])
    assert kinds(events) == [("press", "B"), ("hold", "B"), ("release", "B")]
    assert [e.t_ms for e in events] == [5.0, 505.0, 905.0]


def test_start_select_held_is_the_menu_combo_once() -> None:
    sim = SimButtons(seed=2)
    sim.script("START+SELECT@100-1500, START+SELECT@2000-2200")
    events = run(ButtonDriver(), sim, 3000.0)
    combos = [e for e in events if e.kind == "combo"]
    assert [(e.combo) for e in combos] == ["menu"]  # the short second one does not count
    # 500 ms after the later of the two presses settled (100 ms + bounce + 5 ms window).
    assert 605.0 <= combos[0].t_ms <= 615.0


def test_power_short_press_sleeps_and_long_press_shuts_down() -> None:
    sim = SimButtons(seed=5)
    sim.script("POWER@100-300, POWER@1000-3500")
    events = run(ButtonDriver(), sim, 4000.0)
    combos = [(e.combo, round(e.t_ms)) for e in events if e.kind == "combo"]
    assert [c for c, _ in combos] == ["sleep", "shutdown"]
    assert 3000 <= combos[1][1] <= 3010  # 2 s after the press settled


def test_held_reflects_the_debounced_state() -> None:
    d = ButtonDriver()
    d.update(10.0, [RawEdge(Button.UP, True, 0.0)])
    assert d.held == {Button.UP}
    d.update(15.0, [RawEdge(Button.UP, False, 12.0)])
    assert d.held == {Button.UP}  # still inside the window
    d.update(30.0)
    assert d.held == frozenset()


def test_bad_timing_and_scripts_are_refused() -> None:
    with pytest.raises(ValueError, match="repeat_rate_ms must be a positive"):
        InputTiming(repeat_rate_ms=0)
    with pytest.raises(ValueError, match="debounce_ms must be a positive"):
        InputTiming(debounce_ms=-1)
    sim = SimButtons()
    with pytest.raises(ValueError, match="unknown button 'Q'"):
        sim.script("Q@1-2")
    with pytest.raises(ValueError, match="expected BUTTON"):
        sim.script("A@later")
    with pytest.raises(ValueError, match="release must come after"):
        sim.script("A@300-100")


def test_custom_bounce_model() -> None:
    sim = SimButtons(seed=1, bounce=BounceModel(edges_min=10, edges_max=10, gap_min_ms=0.1,
                                                gap_max_ms=0.2))
    sim.press(Button.R, 0.0)
    edges = sim.poll(50.0)
    assert len(edges) == 11 and edges[-1].down


# ------------------------------------------------------------------------ GPIO


def test_gpio_buttons_on_mock_pins() -> None:
    from gpiozero.pins.mock import MockFactory

    from firmware_sim.gpio import DEFAULT_PINS, GpioButtons

    factory = MockFactory()
    clock = FakeClock()
    gpio = GpioButtons(clock=clock, pin_factory=factory)
    driver = ButtonDriver()
    pin = factory.pin(DEFAULT_PINS[Button.A])
    # A bouncing press on the real pin: low, high, low within a millisecond or two.
    for level_low, t in ((True, 10.0), (False, 10.4), (True, 11.1)):
        clock.t = t
        pin.drive_low() if level_low else pin.drive_high()
    clock.t = 80.0
    pin.drive_high()
    events = driver.update(200.0, gpio.poll(200.0))
    gpio.close()
    assert kinds(events) == [("press", "A"), ("release", "A")]
    assert events[0].t_ms == 16.1  # settled 5 ms after the last bounce


def test_gpio_pin_map_is_checked() -> None:
    from firmware_sim.gpio import check_pin_map

    with pytest.raises(ValueError, match="GPIO5 is given to both UP and DOWN"):
        check_pin_map({Button.UP: 5, Button.DOWN: 5})
    with pytest.raises(ValueError, match="BCM number 0-27"):
        check_pin_map({Button.A: 40})


def test_gpio_without_a_pin_driver_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from firmware_sim.gpio import GpioButtons, GpioUnavailable

    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)  # no driver named either
    with pytest.raises(GpioUnavailable, match="no GPIO pin driver"):
        GpioButtons(clock=FakeClock())


def test_gpio_pins_in_use_are_reported_not_raised() -> None:
    from gpiozero.pins.mock import MockFactory

    from firmware_sim.gpio import GpioButtons, GpioUnavailable

    factory = MockFactory()
    first = GpioButtons(clock=FakeClock(), pin_factory=factory)
    try:
        with pytest.raises(GpioUnavailable, match="GPIOPinInUse"):
            GpioButtons(clock=FakeClock(), pin_factory=factory)
    finally:
        first.close()
    GpioButtons(clock=FakeClock(), pin_factory=factory).close()  # free again once closed


# ------------------------------------------------------------------------ keyboard


def test_keyboard_and_gamepad_events_become_edges() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from firmware_sim.keyboard import PygameInput, parse_key_map

    inp = PygameInput(clock=FakeClock())
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x)
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_x)
    assert inp.translate(down, 1.0) == [RawEdge(Button.A, True, 1.0)]
    assert inp.translate(up, 2.0) == [RawEdge(Button.A, False, 2.0)]
    hat = pygame.event.Event(pygame.JOYHATMOTION, value=(-1, 1))
    assert set(inp.translate(hat, 3.0)) == {RawEdge(Button.LEFT, True, 3.0),
                                            RawEdge(Button.UP, True, 3.0)}
    center = pygame.event.Event(pygame.JOYHATMOTION, value=(0, 0))
    assert set(inp.translate(center, 4.0)) == {RawEdge(Button.LEFT, False, 4.0),
                                               RawEdge(Button.UP, False, 4.0)}
    pad = pygame.event.Event(pygame.JOYBUTTONDOWN, button=7)
    assert inp.translate(pad, 5.0) == [RawEdge(Button.START, True, 5.0)]
    inp.translate(pygame.event.Event(pygame.QUIT), 6.0)
    assert inp.quit_requested
    custom = parse_key_map({"space": "a"})
    assert custom == {"space": Button.A}
    with pytest.raises(ValueError, match="unknown key name 'hyperkey'"):
        parse_key_map({"hyperkey": "A"})
