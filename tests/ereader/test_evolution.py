"""The Evolution screen's chart: a species' family by columns, branches, stages per era,
the scanned card highlighted and the collection's copies."""

from __future__ import annotations

from handheld.ereader.evolution import (
    LEVEL_UP,
    LV_X_KEY,
    STAGES,
    EvolutionChart,
    evolution_chart,
)


def summary(chart: EvolutionChart) -> list[tuple[str, int, str, int]]:
    """(name, column, stage, row) of each node, in the chart's order."""
    return [(n.name, n.column, n.stage, n.row) for n in chart.nodes]


def test_alakazam_chain_is_three_columns_with_alakazam_highlighted(pool) -> None:
    chart = evolution_chart(pool.get("ecard1-33"), pool)
    assert summary(chart) == [("Abra", 0, "Basic", 0), ("Kadabra", 1, "Stage 1", 0),
                              ("Alakazam", 2, "Stage 2", 0)]
    assert chart.highlight == 65 and chart.node(65).name == "Alakazam"
    assert chart.columns == [0, 1, 2] and chart.rows == 1 and chart.evolves
    assert [[n.name for n in col] for col in chart.stages()] == [["Abra"], ["Kadabra"],
                                                                 ["Alakazam"]]
    assert [n.parent for n in chart.nodes] == [None, 63, 64]
    # every card of each species, from every set
    assert {"ecard1-93", "ecard3-46"} == set(chart.node(63).cards)
    assert {"ecard1-1", "ecard1-33", "ecard3-2", "ecard3-151"} <= set(chart.node(65).cards)


def test_the_same_chart_from_any_member_highlights_that_member(pool) -> None:
    from_abra = evolution_chart(pool.get("ecard1-93"), pool)
    from_kadabra = evolution_chart(pool.get("ecard1-84"), pool)
    assert (from_abra.highlight, from_kadabra.highlight) == (63, 64)
    assert summary(from_abra) == summary(from_kadabra) == summary(
        evolution_chart(pool.get("ecard1-33"), pool))


def test_owned_marks_count_every_card_of_the_species(pool) -> None:
    owned = {"ecard1-93": 2, "ecard1-33": 1, "ecard3-69": 3, "ecard1-84": 0,
             "ecard1-124": 4}  # Pikachu is no kin of Alakazam
    chart = evolution_chart(pool.get("ecard1-33"), pool, owned)
    assert [(n.name, n.owned) for n in chart.nodes] == [("Abra", 2), ("Kadabra", 3),
                                                        ("Alakazam", 1)]
    assert [n.owned for n in evolution_chart(pool.get("ecard1-33"), pool).nodes] == [0, 0, 0]
    assert [n.owned for n in evolution_chart(pool.get("ecard1-33"), pool, {}).nodes] == [
        0, 0, 0]


def test_pichu_is_a_baby_in_expedition(pool) -> None:
    chart = evolution_chart(pool.get("ecard1-22"), pool)
    assert summary(chart) == [("Pichu", 0, "Baby", 0), ("Pikachu", 1, "Basic", 0),
                              ("Raichu", 2, "Stage 1", 0)]
    assert chart.highlight == 172
    # Expedition's Pikachu shows the same family, with Pichu a Baby again
    assert summary(evolution_chart(pool.get("ecard1-124"), pool)) == summary(chart)


def test_pichu_is_a_basic_in_heartgold_soulsilver(pool) -> None:
    chart = evolution_chart(pool.get("hgss1-28"), pool)
    assert summary(chart) == [("Pichu", 0, "Basic", 0), ("Pikachu", 1, "Basic", 0),
                              ("Raichu", 2, "Stage 1", 0)]
    # the HGSS Pikachu is charted in its own era too
    assert evolution_chart(pool.get("hgss1-78"), pool).node(172).stage == "Basic"
    assert set(chart.node(172).cards) == {"ecard1-22", "ecard1-58", "hgss1-28"}


def test_a_variant_card_does_not_decide_its_species_stage(pool) -> None:
    # Raichu GL is a Basic card, but the Raichu species is a Stage 1 in the chart.
    raichu_gl = pool.get("pl2-31")
    assert raichu_gl.stage == 0
    chart = evolution_chart(raichu_gl, pool)
    assert chart.node(26).stage == "Stage 1"
    # A Pokémon SP of its era: a node of its own, outside Pichu-Pikachu-Raichu's line.
    sp = chart.node(chart.highlight)
    assert sp is not None and sp.kind == "sp" and sp.cards == ["pl2-31"]
    assert "pl2-31" not in chart.node(26).cards


def test_eevee_branches_eight_ways(pool) -> None:
    chart = evolution_chart(pool.get("ecard2-75"), pool)
    assert chart.highlight == 133 and chart.columns == [0, 1]
    eevee, *branches = chart.nodes
    assert (eevee.name, eevee.column, eevee.stage, eevee.parent) == ("Eevee", 0, "Basic", None)
    assert [b.name for b in branches] == ["Vaporeon", "Jolteon", "Flareon", "Espeon",
                                          "Umbreon", "Leafeon", "Glaceon", "Sylveon"]
    assert all((b.column, b.stage, b.parent) == (1, "Stage 1", 133) for b in branches)
    # one row per branch, Eevee on the first branch's row
    assert [b.row for b in branches] == list(range(8)) and eevee.row == 0
    assert chart.rows == 8
    assert [len(col) for col in chart.stages()] == [1, 8]
    # Sylveon has no card in these sets: its stage comes from the family tree
    assert chart.node(700).cards == [] and chart.node(700).owned == 0


def test_budew_roselia_roserade(pool) -> None:
    chart = evolution_chart(pool.get("bw6-12"), pool, {"bw6-14": 1, "pl2-12": 2})
    assert summary(chart) == [("Budew", 0, "Baby", 0), ("Roselia", 1, "Basic", 0),
                              ("Roserade", 2, "Stage 1", 0)]
    assert chart.highlight == 315
    budew, roselia, roserade = chart.nodes
    assert budew.cards == []  # no Budew card: a baby species by the Pokédex
    assert set(roselia.cards) == {"bw6-12", "bw6-13"}
    assert roserade.owned == 3 and roselia.owned == 0
    assert evolution_chart(pool.get("bw6-14"), pool).highlight == 407


def test_a_pokemon_that_does_not_evolve_has_no_chart_to_show(pool) -> None:
    mew = pool.get("ecard1-19")
    chart = evolution_chart(mew, pool)
    assert summary(chart) == [("Mew", 0, "Basic", 0)]
    assert chart.highlight == 151 and not chart.evolves


def test_trainers_and_energy_have_an_empty_chart(pool) -> None:
    for card_id in ("ecard1-157", "ecard1-165", "ecard1-158"):
        chart = evolution_chart(pool.get(card_id), pool)
        assert chart.nodes == [] and chart.highlight is None and chart.columns == []
        assert not chart.evolves and chart.rows == 0 and chart.stages() == []


def test_every_pokemon_card_charts_its_own_species(pool) -> None:
    for card in pool:
        if card.kind != 0 or card.dex is None:
            continue
        chart = evolution_chart(card, pool)
        node = chart.node(chart.highlight)
        assert node is not None and card.id in node.cards, card.id
        assert all(n.stage in (*STAGES, LEVEL_UP) for n in chart.nodes), card.id
        known = {n.dex for n in chart.nodes}
        for n in chart.nodes:
            if n.parent is not None and n.parent in known:
                parent = chart.node(n.parent)
                assert n.column == parent.column + 1, card.id
                assert chart.nodes.index(parent) < chart.nodes.index(n), card.id
        # a card of the scanned species and era, not a variant, shows its own stage
        if node.name == card.name and not card.baby:
            assert node.stage == ("Basic", "Stage 1", "Stage 2")[card.stage], card.id


def test_a_lv_x_is_a_level_up_at_the_end_of_its_line(pool) -> None:
    chart = evolution_chart(pool.get("pl2-107"), pool)  # Hippowdon LV.X
    assert [(n.name, n.column, n.stage, n.kind) for n in chart.nodes if n.kind != "sp"] == [
        ("Hippopotas", 0, "Basic", ""), ("Hippowdon", 1, "Stage 1", ""),
        ("Hippowdon LV.X", 2, LEVEL_UP, "lv_x")]
    lv_x = chart.node(chart.highlight)
    assert lv_x is not None and lv_x.cards == ["pl2-107"] and lv_x.dex == 450 + LV_X_KEY
    assert lv_x.parent == 450  # joined to the Pokémon it goes onto, not a new stage
    assert "pl2-107" not in chart.node(450).cards
    # The same chart from Hippowdon itself.
    assert summary(evolution_chart(pool.get("pl2-25"), pool)) == summary(chart)


def test_a_pokemon_sp_is_outside_the_chain(pool) -> None:
    chart = evolution_chart(pool.get("pl2-9"), pool)  # Luxray GL
    sp = chart.node(chart.highlight)
    assert sp is not None and sp.kind == "sp" and sp.name == "Luxray GL"
    assert sp.parent is None and sp.stage == "Basic" and sp.cards == ["pl2-9"]
    # Luxray GL is not in Shinx-Luxio-Luxray's line: nothing joins it to them.
    line = [n for n in chart.nodes if n.kind == ""]
    assert [n.name for n in line] == ["Shinx", "Luxio", "Luxray"]
    assert not any(n.parent == sp.dex for n in line) and sp.row != chart.node(405).row
    assert "pl2-9" not in chart.node(405).cards
    # Its LV.X levels it up: after it, not after Luxray.
    lv_x = next(n for n in chart.nodes if n.kind == "lv_x")
    assert (lv_x.name, lv_x.parent, lv_x.column, lv_x.cards) == (
        "Luxray GL LV.X", sp.dex, sp.column + 1, ["pl2-109"])
    assert evolution_chart(pool.get("pl2-109"), pool).highlight == lv_x.dex


def test_an_expedition_card_charts_its_species_as_before(pool) -> None:
    # The older era knows no LV.X nor SP: their cards stay with their species.
    chart = evolution_chart(pool.get("ecard1-33"), pool)
    assert {"pl2-38", "pl2-103"} <= set(chart.node(65).cards)
    assert all(n.kind == "" for n in chart.nodes)
