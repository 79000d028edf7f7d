"""Cross-check the published Dragon Dice species against two independent public data sets and write what agrees.

    .venv/bin/python docs/tools/dragondice_sources.py          # rewrite species.json and docs/dragondice-sources.md
    .venv/bin/python docs/tools/dragondice_sources.py --check  # only say whether the committed files are current

Run by hand: the sources are read from local git mirrors (not on CI); the files it writes are committed. Only facts
are read (names, sizes, classes, face numbers, elements); nothing of the sources' text or code is copied.

A unit whose faces agree in both sources (after the naming rules below) is "published", its faces in source A's
order. Any other unit is "house": its faces are source B's (B gives every SAI its number) and its "note" says how
the sources differ. The wholly-ours species (emberwrights, mistwardens) are kept as the file has them.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "rules" / "dragondice" / "content"
REPORT = ROOT / "docs" / "dragondice-sources.md"


@dataclass(frozen=True)
class Source:
    letter: str
    repo: str
    commit: str
    mirror: str


A = Source("A", "tsullivan/dragon-dice", "75c5866756294d15cb70824e63283dcdca67fc61", "tsullivan+dragon-dice")
B = Source(
    "B", "StormyWaters2021/DragonDice", "b15ef98249a9cb1dd31cc3fbbe599c9346d7188f", "StormyWaters2021+DragonDice"
)
A_UNITS = "models/test/snapshots/unit_data.json"
A_SPECIES = "models/test/snapshots/species_data.json"
B_UNITS = "Game Package/sets/0066a948-f226-4029-862c-07bbe893100b/set.xml"

# Our species ids, with each source's spelling of the species.
SPECIES_IDS = {
    "amazons": ("Amazon", "Amazons"),
    "coral_elves": ("Coral Elf", "Coral Elves"),
    "dwarves": ("Dwarf", "Dwarves"),
    "goblins": ("Goblin", "Goblins"),
    "lava_elves": ("Lava Elf", "Lava Elves"),
    "firewalkers": ("Firewalker", "Fire Walkers"),
    "undead": ("Undead", "Undead"),
    "feral": ("Feral", "Feral"),
    "swamp_stalkers": ("Swamp Stalker", "Swamp Stalkers"),
    "frostwings": ("Frostwing", "Frostwings"),
    "scalders": ("Scalder", "Scalders"),
    "treefolk": ("Treefolk", "Treefolk"),
}
HOUSE_SPECIES = ("emberwrights", "mistwardens")  # wholly ours: kept as species.json has them

# Ours, not the published game's: the terrain each species calls home and the one it proposes as frontier in the
# quick draft (a terrain holding the species' colours where one exists).
TERRAIN_CHOICE = {
    "amazons": ("flatland", "highland"),
    "coral_elves": ("coastland", "flatland"),
    "dwarves": ("highland", "flatland"),
    "goblins": ("swampland", "flatland"),
    "lava_elves": ("wasteland", "feyland"),
    "firewalkers": ("wasteland", "coastland"),
    "undead": ("swampland", "wasteland"),
    "feral": ("flatland", "highland"),
    "swamp_stalkers": ("swampland", "coastland"),
    "frostwings": ("coastland", "wasteland"),
    "scalders": ("feyland", "coastland"),
    "treefolk": ("swampland", "feyland"),
}
# A's name is used, except where A gives a plural for one die (B's name then).
NAMES = {"Will o Wisps": "Will o' Wisp"}

SIZES = {"Small": "small", "Medium": "medium", "Large": "large", "Monster": "monster"}
SIZE_HEALTH = {"small": 1, "medium": 2, "large": 3, "champion": 4, "monster": 4}
TYPES = {  # the sources' class -> our unit type (light/heavy magic and missile are one type each here)
    "Light Melee": "light_melee",
    "Heavy Melee": "heavy_melee",
    "Missile": "missile",
    "Light Missile": "missile",
    "Heavy Missile": "missile",
    "Magic": "magic",
    "Light Magic": "magic",
    "Heavy Magic": "magic",
    "Cavalry": "cavalry",
    "Skirmisher": "skirmisher",
    "Monster": "monster",
}
ICONS = {"id": "id", "melee": "melee", "missile": "missile", "magic": "magic", "save": "save", "maneuver": "manoeuvre"}
ELEMENT_WORDS = {"air": "air", "earth": "earth", "fire": "fire", "water": "water", "death": "death", "ivory": "ivory"}

# Source A's face names, read as our faces (the design's naming rules). None: A gives no number.
A_RENAMES = {
    "move": "manoeuvre",
    "paw": "manoeuvre",
    "flaming_shield": "save",
    "scorching_shield": "save",
    "frost_magic": "magic",
    "hoof": "sai:hoof",
    "scorching_wings": "sai:fly",
    "counter_(scorching)": "sai:counter",
    "frost_cantrip": "sai:cantrip",
    "fire_breath": "sai:firebreath",
    "rise_from_ashes": "sai:rise_from_the_ashes",
}
B_RENAMES = {"fire_breath": "sai:firebreath", "rise_from_ashes": "sai:rise_from_the_ashes"}

Face = tuple[str, "int | None"]  # ("melee", 2), ("sai:kick", None), ("id", 2)


def git_show(source: Source, path: str) -> str:
    repo = Path("/work/.mirror") / source.mirror / "repo"
    return subprocess.run(
        ["git", "-C", str(repo), "show", f"{source.commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


def _kind(word: str, renames: dict[str, str]) -> str:
    key = word.strip().lower().replace(" ", "_")
    if key in renames:
        return renames[key]
    if key in ICONS:
        return ICONS[key]
    return f"sai:{slug(word)}"


def read_a_face(written: str) -> Face:
    """'MELEE_2', 'Flaming_Shield_1', 'Kick', 'Scorching Wings' -> our kind and number."""
    match = re.fullmatch(r"(.+?)(?:_(\d+))?", written)
    assert match, written
    return _kind(match.group(1), A_RENAMES), int(match.group(2)) if match.group(2) else None


def read_b_face(written: str) -> Face:
    """'3 Melee', '4 Kick' -> our kind and number."""
    number, word = written.strip().split(" ", 1)
    return _kind(word, B_RENAMES), int(number)


def written(face: Face) -> str:
    kind, number = face
    return "id" if kind == "id" else f"{kind}:{number}"


def shown(face: Face) -> str:
    kind, number = face
    return kind if number is None else f"{kind}:{number}"


@dataclass
class Pair:
    """One unit as both sources give it."""

    species: str
    name: str
    size: str
    type: str
    elements: tuple[str, ...]
    a_faces: list[Face]
    b_faces: list[Face]
    a_name: str
    b_name: str


def name_key(name: str) -> str:
    # The two sources spell a few names differently (a plural, "Willowing"): matched on letters only.
    return re.sub(r"[^a-z]", "", name.lower()).replace("willowing", "willowling").rstrip("s")


def b_elements(written: str) -> tuple[str, ...]:
    return tuple(ELEMENT_WORDS[w.lower()] for w in re.findall(r"\((\w+)\)", written)) or ("ivory",)


def read_pairs() -> tuple[list[Pair], dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """Every unit of both sources, and each species' elements by A and by B."""
    a_units = json.loads(git_show(A, A_UNITS))
    a_species = json.loads(git_show(A, A_SPECIES))
    b_root = ET.fromstring(git_show(B, B_UNITS))
    by_a = {v: k for k, (v, _) in SPECIES_IDS.items()}
    by_b = {v: k for k, (_, v) in SPECIES_IDS.items()}
    a_elements = {
        by_a[v["name"]]: tuple(sorted(e.lower() for e in v["elements"]))
        for v in a_species.values()
        if v["name"] in by_a
    }
    a_found = {(by_a[u["species_name"]], name_key(u["name"])): u for u in a_units.values()}
    pairs: list[Pair] = []
    b_species: dict[str, set[tuple[str, ...]]] = {}
    cards = b_root.find("cards")
    assert cards is not None
    for card in cards:
        props = {p.get("name", ""): p.get("value", "") for p in card.findall("property")}
        faces = [props["Icons"]] + [str(alt.find("property").get("value")) for alt in card.findall("alternate")]  # type: ignore[union-attr]
        species = by_b[props["Species"]]
        elements = tuple(sorted(b_elements(props["Element"])))
        b_species.setdefault(species, set()).add(elements)
        a = a_found.pop((species, name_key(card.get("name", ""))))
        assert a["health"] == SIZE_HEALTH[SIZES[props["Size"]]], a
        pairs.append(
            Pair(
                species,
                NAMES.get(a["name"], a["name"]),
                SIZES[props["Size"]],
                TYPES[props["Class"]],
                elements,
                [read_a_face(f) for f in a["face_names"]],
                [read_b_face(f) for f in faces],
                a["name"],
                card.get("name", ""),
            )
        )
    assert not a_found, f"units only in A: {sorted(a_found)}"
    b_elems = {}
    for species, seen in b_species.items():
        assert len(seen) == 1, f"{species}: units of different colours in B"
        b_elems[species] = seen.pop()
    return pairs, a_elements, b_elems


def differences(pair: Pair) -> list[str]:
    """How the two readings differ, in our words; empty when they agree (a number A leaves out is not a difference)."""
    left = Counter(pair.b_faces)
    out: list[str] = []
    unmatched_a: list[Face] = []
    for face in pair.a_faces:
        if face[1] is None:
            match = next((f for f in left if f[0] == face[0] and left[f] > 0), None)
        else:
            match = face if left[face] > 0 else None
        if match is None:
            unmatched_a.append(face)
        else:
            left[match] -= 1
    only_b = [f for f, n in left.items() for _ in range(n)]
    if unmatched_a or only_b:
        out.append(
            f"A has {', '.join(shown(f) for f in unmatched_a) or 'nothing more'} where B has "
            f"{', '.join(shown(f) for f in only_b) or 'nothing more'}"
        )
    return out


def published_faces(pair: Pair) -> list[str]:
    """A's order, with B's number where A gives none."""
    left = Counter(pair.b_faces)
    out: list[str] = []
    for face in pair.a_faces:
        match = face if face[1] is not None else next(f for f in left if f[0] == face[0] and left[f] > 0)
        left[match] -= 1
        out.append(written(match))
    return out


def army_orders(units: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Our default unit orders for the quick armies: a mix of types, the greedy fill of setup.py takes them in turn.

    Home: sturdy melee first, then magic and missiles. Horde: mobile units first. Campaign: a monster first, then a
    mix. Among equals the file's order (the sources' order) decides."""

    def pick(size: str, *types: str) -> str:
        for kind in types:
            for unit in units:
                if unit["size"] == size and unit["type"] == kind and unit["source"] == "published":
                    return str(unit["id"])
        for kind in types:
            for unit in units:
                if unit["size"] == size and unit["type"] == kind:
                    return str(unit["id"])
        return str(next(u["id"] for u in units if u["size"] == size))

    melee = ("heavy_melee", "light_melee", "skirmisher", "cavalry", "missile", "magic")
    magic = ("magic",)
    missile = ("missile", "light_melee", "skirmisher")
    mobile = ("cavalry", "light_melee", "skirmisher", "heavy_melee", "missile")
    monster = next(u["id"] for u in units if u["size"] == "monster" and u["source"] == "published")
    return {
        "home": [pick("large", *melee), pick("medium", *magic), pick("small", *missile), pick("small", *melee),
                 pick("medium", *melee)],
        "horde": [pick("medium", *mobile), pick("large", *mobile), pick("small", *mobile), pick("medium", *magic),
                  pick("small", *missile)],
        "campaign": [monster, pick("medium", *magic), pick("small", *mobile), pick("small", *missile),
                     pick("medium", *mobile), pick("large", *melee)],
    }  # fmt: skip


def build() -> tuple[dict[str, Any], str, list[str]]:
    """species.json's new content, the report, and the SAI ids the species use."""
    pairs, a_elements, b_elements_ = read_pairs()
    current = json.loads((CONTENT / "species.json").read_text())
    abilities_file = CONTENT / "abilities.json"
    abilities = json.loads(abilities_file.read_text())["abilities"] if abilities_file.exists() else []
    entries: list[dict[str, Any]] = []
    report = [
        "# Dragon Dice: the published species, cross-checked",
        "",
        "Written by `docs/tools/dragondice_sources.py` (run by hand; it reads local mirrors of the sources).",
        "Facts only are taken: names, sizes, classes, elements and face numbers. The sources:",
        "",
        f"- **A** `{A.repo}` @ `{A.commit}`: `{A_UNITS}`, `{A_SPECIES}`",
        f"- **B** `{B.repo}` @ `{B.commit}`: `{B_UNITS}`",
        "",
        "Naming rules used when reading A: Paw and MOVE are manoeuvre; Hoof is the SAI hoof; Flaming/Scorching",
        "Shield are save; Frost Magic is magic; Scorching Wings is fly 4; Counter (scorching) is counter 4; Frost",
        "Cantrip is cantrip 4. A number A leaves out of an SAI is not a difference (B's is used).",
        "",
        "A unit whose faces agree in both sources is `published` (A's face order). Otherwise it is `house`: we use B's",
        "faces, which name every SAI's number, and the unit's `note` says what differs.",
        "",
    ]
    sais: set[str] = set()
    totals = Counter[str]()
    for sid, (_, b_name) in SPECIES_IDS.items():
        mine = [p for p in pairs if p.species == sid]
        units: list[dict[str, Any]] = []
        agreed: list[str] = []
        differing: list[str] = []
        for pair in sorted(mine, key=lambda p: (SIZE_HEALTH[p.size], list(TYPES.values()).index(p.type), p.name)):
            diff = differences(pair)
            unit: dict[str, Any] = {
                "id": slug(pair.name),
                "name": pair.name,
                "size": pair.size,
                "type": pair.type,
                "elements": list(pair.elements),
                "source": "house" if diff else "published",
            }
            if diff:
                unit["faces"] = [written(f) for f in pair.b_faces]
                unit["note"] = f"The sources differ: {'; '.join(diff)}. We use B's faces."
                differing.append(
                    f"- **{pair.name}** ({pair.size})  \n  A: {', '.join(shown(f) for f in pair.a_faces)}  \n"
                    f"  B: {', '.join(shown(f) for f in pair.b_faces)}  \n  Ours: house, B's faces ({'; '.join(diff)})"
                )
            else:
                unit["faces"] = published_faces(pair)
                agreed.append(pair.name)
            sais.update(f.split(":")[1] for f in unit["faces"] if f.startswith("sai:"))
            totals[f"{sid}:{unit['source']}"] += 1
            units.append(unit)
        assert a_elements[sid] == b_elements_[sid], f"{sid}: A and B give different colours"
        home, frontier = TERRAIN_CHOICE[sid]
        entries.append(
            {
                "id": sid,
                "name": b_name,
                "elements": list(mine[0].elements),
                "source": "published",
                "checked_against": ["A", "B"],
                "abilities": [a["id"] for a in abilities if a["species"] == sid],
                "home": home,
                "frontier": frontier,
                "terrains_source": "house",
                "units": units,
                "armies": army_orders(units),
                "armies_source": "house",
            }
        )
        report += [
            f"## {b_name} ({', '.join(mine[0].elements)})",
            "",
            f"Agree in both ({len(agreed)}, published): {', '.join(agreed) or 'none'}.",
            "",
            f"Differ ({len(differing)}, house):" if differing else "Differ: none.",
            "",
            *([*differing, ""] if differing else []),
        ]
    kept = [s for s in current["species"] if s["id"] in HOUSE_SPECIES]
    assert [s["id"] for s in kept] == list(HOUSE_SPECIES), "the house species are missing from species.json"
    for species in kept:
        for unit in species["units"]:
            sais.update(f.split(":")[1] for f in unit["faces"] if f.startswith("sai:"))
    count = [f"| {sid} | {totals[sid + ':published']} | {totals[sid + ':house']} |" for sid in SPECIES_IDS]
    published, house = (sum(totals[f"{sid}:{kind}"] for sid in SPECIES_IDS) for kind in ("published", "house"))
    report += [
        "## Counts",
        "",
        "| species | published | house |",
        "|---|---|---|",
        *count,
        f"| all | {published} | {house} |",
        "",
    ]
    data = {"sizes": SIZE_HEALTH, "species": entries + kept}
    return data, "\n".join(report), sorted(sais)


def _line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def layout(data: dict[str, Any]) -> str:
    """species.json in the file's hand-kept layout: a species' fields on a few lines, one unit per two lines."""
    out = ["{", f'  "sizes": {_line(data["sizes"])},', '  "species": [']
    for n, species in enumerate(data["species"]):
        head = {k: v for k, v in species.items() if k not in ("units", "armies")}
        fields = [f"{_line(k)}: {_line(v)}" for k, v in head.items()]
        out.append("    {")
        line = "     "
        for field in fields:
            if len(line) + len(field) + 2 > 118 and line.strip():
                out.append(line)
                line = "     "
            line += f" {field},"
        out.append(line)
        out.append('      "units": [')
        for i, unit in enumerate(species["units"]):
            first = {k: v for k, v in unit.items() if k not in ("faces", "note")}
            rest = ", ".join(f"{_line(k)}: {_line(unit[k])}" for k in ("faces", "note") if k in unit)
            comma = "," if i < len(species["units"]) - 1 else ""
            out.append(f"        {{{', '.join(f'{_line(k)}: {_line(v)}' for k, v in first.items())},")
            out.append(f"         {rest}}}{comma}")
        out.append("      ],")
        out.append('      "armies": {')
        roles = list(species["armies"].items())
        for i, (role, names) in enumerate(roles):
            out.append(f"        {_line(role)}: {_line(names)}{',' if i < len(roles) - 1 else ''}")
        out.append("      }")
        out.append("    }" + ("," if n < len(data["species"]) - 1 else ""))
    out += ["  ]", "}", ""]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    data, report, sais = build()
    text = layout(data)
    assert json.loads(text) == data
    targets = {CONTENT / "species.json": text, REPORT: report}
    if "--check" in argv:
        stale = [str(p.relative_to(ROOT)) for p, t in targets.items() if p.read_text() != t]
        print("stale: " + ", ".join(stale) if stale else "current")
        return 1 if stale else 0
    for path, content in targets.items():
        path.write_text(content)
    print("SAI ids used:", " ".join(sais))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
