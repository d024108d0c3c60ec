"""Display scaling and rotation, backlight, the battery curve and its warnings, clocks and
storage."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from firmware_sim.clock import FakeClock, PausableClock
from firmware_sim.display import (
    PANELS,
    HeadlessDisplay,
    PanelConfig,
    PanelTooSmall,
    SysfsBacklight,
    fit,
)
from firmware_sim.power import (
    BatteryScript,
    MainsPower,
    PowerMonitor,
    PowerSample,
    PowerThresholds,
    SimBattery,
    SysfsBattery,
    percent_from_voltage,
    voltage_from_percent,
)
from firmware_sim.storage import DATA_ENV, DirStorage, SimStorage, default_data_dir

# ------------------------------------------------------------------------ display


@pytest.mark.parametrize(("panel", "scale", "x", "y"), [
    ("320x240", 1, 40, 40), ("480x320", 2, 0, 0), ("640x480", 2, 80, 80),
    ("720x480", 3, 0, 0), ("800x480", 3, 40, 0)])
def test_largest_integer_scale_centred(panel: str, scale: int, x: int, y: int) -> None:
    lay = fit(PanelConfig(*PANELS[panel]))
    assert (lay.scale, lay.x, lay.y) == (scale, x, y)
    assert (lay.w, lay.h) == (240 * scale, 160 * scale)


def test_rotation_turns_the_frame_on_its_side() -> None:
    lay = fit(PanelConfig(320, 480, 90))
    assert (lay.scale, lay.w, lay.h, lay.x, lay.y) == (2, 320, 480, 0, 0)
    with pytest.raises(PanelTooSmall, match="cannot show the 240x160 frame"):
        fit(PanelConfig(200, 150))
    with pytest.raises(ValueError, match="rotation must be 0, 90, 180 or 270"):
        PanelConfig(480, 320, 45)
    with pytest.raises(ValueError, match="expected WIDTHxHEIGHT"):
        PanelConfig.parse("big")


def _frame() -> pygame.Surface:
    frame = pygame.Surface((240, 160))
    frame.fill((10, 20, 30))
    frame.set_at((0, 0), (255, 0, 0))  # top-left marker
    return frame


def test_present_scales_and_letterboxes() -> None:
    d = HeadlessDisplay(PanelConfig(640, 480))
    d.present(_frame())
    s = d.surface
    assert s.get_at((0, 0))[:3] == (0, 0, 0)  # letterbox
    assert s.get_at((80, 80))[:3] == (255, 0, 0)  # the marker, scaled 2x, at the offset
    assert s.get_at((81, 81))[:3] == (255, 0, 0)
    assert s.get_at((82, 80))[:3] == (10, 20, 30)
    assert s.get_at((80 + 479, 80 + 319))[:3] == (10, 20, 30)
    assert s.get_at((80 + 480, 80 + 320))[:3] == (0, 0, 0)


def test_present_rotates_clockwise() -> None:
    d = HeadlessDisplay(PanelConfig(320, 480, 90))
    d.present(_frame())
    # Turned a quarter clockwise, the frame's top-left corner lands top-right.
    assert d.surface.get_at((319, 0))[:3] == (255, 0, 0)
    assert d.surface.get_at((0, 0))[:3] == (10, 20, 30)


def test_sleep_darkens_the_panel_and_the_backlight() -> None:
    d = HeadlessDisplay(PanelConfig(480, 320))
    d.set_backlight(0.6)
    d.sleep()
    d.present(_frame())
    assert d.surface.get_at((10, 10))[:3] == (0, 0, 0)
    assert d.backlight.level == 0.0
    d.wake()
    d.present(_frame())
    assert d.surface.get_at((10, 10))[:3] == (10, 20, 30)
    assert d.backlight.level == 0.6
    with pytest.raises(ValueError, match="between 0 and 1"):
        d.set_backlight(1.5)
    with pytest.raises(ValueError, match="must be 240x160"):
        d.present(pygame.Surface((100, 100)))


def test_sysfs_backlight(tmp_path: Path) -> None:
    dev = tmp_path / "10-0045"
    dev.mkdir()
    (dev / "max_brightness").write_text("255\n")
    (dev / "brightness").write_text("255\n")
    bl = SysfsBacklight(tmp_path)
    bl.set(0.5)
    assert (dev / "brightness").read_text() == "128"
    with pytest.raises(FileNotFoundError, match="no backlight device"):
        SysfsBacklight(tmp_path / "none")


# ------------------------------------------------------------------------ power


def test_voltage_curve() -> None:
    assert percent_from_voltage(4.25) == 100.0
    assert percent_from_voltage(3.0) == 0.0
    assert percent_from_voltage(3.84) == pytest.approx(50.0)
    assert percent_from_voltage(3.70) == pytest.approx(12.5)
    # The curve is steep near empty: 0.34 V covers the first 5 %.
    assert percent_from_voltage(3.61) - percent_from_voltage(3.27) == pytest.approx(5.0)
    for pct in (0, 7.5, 33, 50, 99, 100):
        assert percent_from_voltage(voltage_from_percent(pct)) == pytest.approx(pct)


class ListSource:
    def __init__(self, samples: list[PowerSample]) -> None:
        self.samples = samples

    def sample(self) -> PowerSample:
        return self.samples.pop(0)


def test_one_noisy_sample_does_not_cry_critical() -> None:
    full, dip = voltage_from_percent(40), voltage_from_percent(1)
    mon = PowerMonitor(ListSource([PowerSample(v, False) for v in
                                   (full, full, dip, full, full)]))
    events = [e for _ in range(5) for e in mon.update()]
    assert events == [] and mon.level == "ok"


def test_low_then_critical_with_hysteresis() -> None:
    volts = [voltage_from_percent(p) for p in (20, 14, 14, 14, 16, 16, 16, 4, 4, 4, 4)]
    mon = PowerMonitor(ListSource([PowerSample(v, False) for v in volts]),
                       PowerThresholds(window=3))
    seen = []
    for _ in volts:
        seen.extend(e.kind for e in mon.update())
    # 16 % is above "low" but inside the 3 % recovery band: the warning stays.
    assert seen == ["low", "critical"]


def run_noisy_drain(start: float, seed: int, minutes: float = 13.0) -> list[str]:
    """The board's reading of a simulated battery (its default noise), twice a second."""
    battery = SimBattery(start, seed=seed)
    monitor = PowerMonitor(battery)
    kinds = []
    for frame in range(1, int(minutes * 3600) + 1):
        battery.tick()
        if frame % 30 == 0:
            kinds.extend(e.kind for e in monitor.update())
    return kinds


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("start", [16.0, 17.5, 19.0])
def test_a_noisy_drain_through_low_warns_once_and_does_not_flicker(start: float,
                                                                    seed: int) -> None:
    # 13 minutes of play drain ~3.6 points: across the 15 % threshold from every start.
    kinds = run_noisy_drain(start, seed)
    assert kinds == ["low"], kinds


def test_a_warning_clears_only_when_the_recovery_lasts() -> None:
    low, high = voltage_from_percent(12), voltage_from_percent(30)
    th = PowerThresholds(window=1, recover_polls=4)
    # Three good readings, then a noisy one: the count starts again.
    volts = [low, high, high, high, low, high, high, high, high]
    mon = PowerMonitor(ListSource([PowerSample(v, False) for v in volts]), th)
    seen = [[e.kind for e in mon.update()] for _ in volts]
    assert seen == [["low"], [], [], [], [], [], [], [], ["ok"]]


def test_critical_recovers_to_low_not_ok_when_the_charge_is_between() -> None:
    crit, between = voltage_from_percent(3), voltage_from_percent(12)
    mon = PowerMonitor(ListSource([PowerSample(crit, False)] + [PowerSample(between, False)] * 3),
                       PowerThresholds(window=1, recover_polls=3))
    kinds = [e.kind for _ in range(4) for e in mon.update()]
    assert kinds == ["critical", "low"] and mon.level == "low"


def test_charging_clears_warnings() -> None:
    low = voltage_from_percent(3)
    mon = PowerMonitor(ListSource([PowerSample(low, False), PowerSample(low, True)]),
                       PowerThresholds(window=1))
    assert [e.kind for e in mon.update()] == ["critical"]
    assert [e.kind for e in mon.update()] == ["charging", "ok"]


def test_sim_battery_drains_and_can_be_scripted() -> None:
    b = SimBattery(50.0, noise_volts=0.0)
    b.tick(3600)  # a minute of play
    assert 49.0 < b.percent < 50.0
    asleep = SimBattery(50.0)
    asleep.load = 0.1
    asleep.tick(3600)
    assert asleep.percent > b.percent
    crit = SimBattery.critical_at(1200, start=60.0)
    mon = PowerMonitor(crit)
    critical_frame = None
    for frame in range(1, 1500):
        crit.tick()
        if frame % 30 == 0 and any(e.kind == "critical" for e in mon.update()):
            critical_frame = frame
            break
    assert critical_frame is not None and 1200 <= critical_frame <= 1300
    plugged = SimBattery(10.0, script=[BatteryScript(10, 10.0, charging=True)])
    plugged.tick(20)
    assert plugged.charging and plugged.percent > 10.0
    with pytest.raises(ValueError, match="0-100"):
        SimBattery(120.0)


def test_sysfs_battery(tmp_path: Path) -> None:
    dev = tmp_path / "ups"
    dev.mkdir()
    (dev / "voltage_now").write_text("3840000\n")
    (dev / "status").write_text("Discharging\n")
    b = SysfsBattery(tmp_path)
    assert b.sample() == PowerSample(3.84, False)
    (dev / "status").write_text("Charging\n")
    assert b.sample().charging
    (dev / "voltage_now").write_text("garbage")
    assert b.sample() == PowerSample(3.84, True)  # a bad read keeps the last good one
    with pytest.raises(FileNotFoundError, match="no battery with a voltage_now"):
        SysfsBattery(tmp_path / "nothing")
    assert MainsPower().sample().volts == 4.2


# ------------------------------------------------------------------------ clocks, storage


def test_pausable_clock_stops_while_asleep() -> None:
    base = FakeClock(1000.0)
    game = PausableClock(base)
    base.advance(500)
    game.pause()
    base.advance(10_000)  # ten seconds asleep
    assert game.now_ms() == 1500.0
    game.resume()
    base.advance(250)
    assert game.now_ms() == 1750.0
    with pytest.raises(ValueError, match="backwards"):
        base.advance(-1)


def test_storage_paths_and_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "d"))
    assert default_data_dir() == tmp_path / "d"
    st = DirStorage()
    p = st.path("saves.sqlite3")
    assert p.parent.is_dir() and p.name == "saves.sqlite3"
    for bad in ("", "../x", "a/b", ".."):
        with pytest.raises(ValueError, match="plain file name"):
            st.path(bad)
    monkeypatch.delenv(DATA_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "pocket-tcg"


def test_power_cut_copies_what_is_on_disk(tmp_path: Path) -> None:
    st = SimStorage(tmp_path / "card")
    st.path("a.txt").write_text("written")
    with open(st.path("b.txt"), "w") as half:
        half.write("flushed")
        half.flush()
        half.write(" but not this")  # still in the program's buffer when the power goes
        cut = st.power_cut(tmp_path / "after")
    assert (cut.data_dir / "a.txt").read_text() == "written"
    assert (cut.data_dir / "b.txt").read_text() == "flushed"
    assert cut.data_dir != st.data_dir and st.cuts == 1
