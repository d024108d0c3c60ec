"""Reprints across sets: a card printed again with the very same effect (a full-art
Pokémon-EX, a Trainer of an earlier era) plays the first printing's script.

Each entry is reprint id -> the id whose script it shares; the facts are each printing's
own (``tests/engine/test_scenarios.py`` checks that they agree on everything the script
reads). Reprints inside Expedition are listed by that set (``sets.expedition.REPRINTS``).
"""

from __future__ import annotations

REPRINTS: dict[str, str] = {
    # Trainers of the Black & White era printed as in Expedition
    "bw1-95": "ecard1-154",  # Full Heal
    "bw1-104": "ecard1-157",  # Switch
    "bw5-98": "bw1-101",  # Professor Juniper
    # Pokémon printed again in the era (secret and full-art rares)
    "bw1-113": "bw1-26",  # Reshiram
    "bw4-21": "bw1-26",
    "bw1-114": "bw1-47",  # Zekrom
    "bw4-50": "bw1-47",
    "bw6-125": "bw1-6",  # Serperior
    "bw4-100": "bw1-20",  # Emboar
    "bw6-126": "bw1-57",  # Reuniclus
    "bw5-109": "bw4-57",  # Gardevoir
    "bw6-127": "bw5-66",  # Krookodile
    "bw4-94": "bw4-5",  # Shaymin-EX
    "bw4-95": "bw4-22",  # Reshiram-EX
    "bw4-96": "bw4-38",  # Kyurem-EX
    "bw4-97": "bw4-51",  # Zekrom-EX
    "bw4-98": "bw4-54",  # Mewtwo-EX
    "bw4-99": "bw4-82",  # Regigigas-EX
    "bw5-103": "bw5-13",  # Entei-EX
    "bw5-104": "bw5-26",  # Kyogre-EX
    "bw5-105": "bw5-38",  # Raikou-EX
    "bw5-106": "bw5-54",  # Groudon-EX
    "bw5-107": "bw5-63",  # Darkrai-EX
    "bw5-108": "bw5-90",  # Tornadus-EX
    "bw6-119": "bw6-22",  # Ho-Oh-EX
    "bw6-120": "bw6-46",  # Mew-EX
    "bw6-121": "bw6-71",  # Terrakion-EX
    "bw6-122": "bw6-81",  # Registeel-EX
    "bw6-123": "bw6-85",  # Rayquaza-EX
    "bw6-124": "bw6-92",  # Giratina-EX
    # ---- Call of Legends era: col_p2 ----
    # Pokémon of Call of Legends printed as in HeartGold & SoulSilver
    "col1-60": "hgss1-70",  # Koffing
    "col1-61": "hgss1-72",  # Magikarp
    "col1-70": "hgss1-81",  # Slowpoke
    "col1-71": "hgss1-82",  # Snubbull
    "col1-75": "hgss1-87",  # Vulpix
    # ---- Call of Legends era: col_tr ----
    # Trainers and Special Energy of HeartGold & SoulSilver and Call of Legends printed with
    # an earlier card's very effect (Call of Legends' Copycat and Professor Elm's Training
    # Method as well, like HeartGold & SoulSilver's printings of them)
    "hgss1-90": "ecard1-138",  # Copycat
    "col1-77": "ecard1-138",
    "hgss1-91": "bw1-94",  # Energy Switch
    "hgss1-93": "ecard1-154",  # Full Heal
    "hgss1-95": "pl1-113",  # Poké Ball
    "hgss1-98": "bw1-99",  # Pokémon Communication
    "hgss1-100": "ecard1-148",  # Professor Elm's Training Method
    "col1-82": "ecard1-148",
    "hgss1-102": "ecard1-157",  # Switch
    "hgss1-103": "bw4-92",  # Double Colorless Energy
    "col1-83": "hgss1-101",  # Professor Oak's New Theory
    "col1-86": "pl2-99",  # Darkness Energy
    "col1-87": "pl2-100",  # Metal Energy
    # The shiny Legendary Pokémon printed again from the set's own (col1-1 to col1-32)
    "col1-SL1": "col1-2",  # Deoxys
    "col1-SL2": "col1-3",  # Dialga
    "col1-SL4": "col1-6",  # Groudon
    "col1-SL5": "col1-9",  # Ho-Oh
    "col1-SL6": "col1-12",  # Kyogre
    "col1-SL7": "col1-15",  # Lugia
    "col1-SL8": "col1-19",  # Palkia
    "col1-SL10": "col1-20",  # Rayquaza
    # ---- Call of Legends era: col_p1 ----
    # Pokémon of Call of Legends printed as in HeartGold & SoulSilver
    "col1-1": "hgss1-3",  # Clefable
    "col1-7": "hgss1-4",  # Gyarados
    "col1-8": "hgss1-5",  # Hitmontop
    "col1-17": "hgss1-7",  # Ninetales
    "col1-23": "hgss1-14",  # Ampharos
    "col1-24": "hgss1-17",  # Cleffa
    "col1-25": "hgss1-20",  # Feraligatr
    "col1-26": "hgss1-22",  # Granbull
    "col1-27": "hgss1-26",  # Meganium
    "col1-32": "hgss1-12",  # Slowking
    # ---- Call of Legends era: hgss_p2 ----
    # Pokémon of Call of Legends printed as in HeartGold & SoulSilver hgss1-31 to hgss1-60
    "col1-35": "hgss1-32",  # Typhlosion
    "col1-36": "hgss1-33",  # Tyrogue
    "col1-38": "hgss1-34",  # Weezing
    "col1-40": "hgss1-35",  # Bayleef
    "col1-41": "hgss1-38",  # Croconaw
    "col1-42": "hgss1-40",  # Donphan
    "col1-43": "hgss1-42",  # Flaaffy
    "col1-49": "hgss1-49",  # Quilava
    "col1-54": "hgss1-60",  # Clefairy
}
