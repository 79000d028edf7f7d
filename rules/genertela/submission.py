"""Submission and revolt: a small nation may become the subject of an enemy that attacks it."""

from __future__ import annotations

from rules.base import ActionLog
from rules.genertela import vassals
from rules.genertela.board import BOARD, CONTENT, NATIONS, alliances, controlled, seat_of
from rules.genertela.state import State
from rules.text import count

TRIBUTE_SHARE = 4  # the overlord may take up to a quarter of the subject's resources


def may_submit(state: State, subject: str, overlord: str, zone: str = "") -> str:
    """ "" when `subject` may submit to `overlord` now, else the reason it may not. With a `zone`: a partial
    submission of that Deathline zone alone, which any nation may make whatever its size."""
    card = NATIONS[subject]
    if card.has("never_submits") or card.submission_limit is None:
        return f"{card.name} never submit."
    if zone and not BOARD.zones[zone].deathline:
        return "Only a Deathline zone may be submitted on its own."
    if zone and subject in state.overlords:
        return f"{card.name} are subjects already."
    if not zone and len(controlled(state, subject)) > card.submission_limit:
        return f"{card.name} hold more than {card.submission_limit} zones."
    if state.overlords.get(subject, overlord) != overlord:
        return f"{card.name} are already subject to another nation."
    lunar = {m for a in alliances(state) if a.id == "lunar_empire" for m in a.members}
    if subject == "heortlings" and overlord in lunar:
        return "The Heortlings never submit to the Lunar Empire."
    for rule in CONTENT.turn(state.turn).restrictions:
        named = rule.type == "no_submission_to" and CONTENT.nations.resolve(rule.params["overlord"]) == overlord
        if named and card.human:
            return rule.text
    return ""


def submit(state: State, subject: str, overlord: str, log: ActionLog, zone: str = "") -> None:
    if zone:
        state.politics.partial[zone] = f"{subject}>{overlord}"
        where = BOARD.zones[zone].name
        log.say(f"{NATIONS[subject].acts('submit')} {where} to {NATIONS[overlord].name}; the battle ends.")
        return
    state.overlords[subject] = overlord
    log.say(f"{NATIONS[subject].acts('submit')} to {NATIONS[overlord].name}; the battle ends.")


def partial_overlords(state: State, subject: str) -> dict[str, str]:
    """Zone -> overlord for every zone the nation submitted on its own."""
    found = {}
    for zid, pair in state.politics.partial.items():
        who, _, overlord = pair.partition(">")
        if who == subject:
            found[zid] = overlord
    return found


def revolt(state: State, subject: str, log: ActionLog) -> None:
    """The subject throws off its overlord, and the overlords of the zones it submitted on their own."""
    for zid, overlord in partial_overlords(state, subject).items():
        del state.politics.partial[zid]
        state.revolted.append(f"{subject}>{overlord}")
        log.say(f"{NATIONS[subject].acts('take')} {BOARD.zones[zid].name} back from {NATIONS[overlord].name}.")
    if subject not in state.overlords:
        return
    overlord = state.overlords.pop(subject)
    state.revolted.append(f"{subject}>{overlord}")
    log.say(f"{NATIONS[subject].acts('revolt')} against {NATIONS[overlord].name}.")
    vassals.return_troops(state, subject, overlord, log)


def tribute(state: State, subject: str, gained: int, log: ActionLog) -> int:
    """The overlord takes a quarter (rounded down) of what the subject gains; returns what the subject keeps."""
    overlord = state.overlords.get(subject)
    share = gained // TRIBUTE_SHARE if overlord else 0
    if share and overlord:
        state.resources[overlord] = state.resources.get(overlord, 0) + share
        log.say(f"{NATIONS[overlord].acts('take')} {count(share, 'resource')} from {NATIONS[subject].name}.")
        vassals.ask_tribute(state, subject, overlord, share, log)  # it may ask for less
    return gained - share


def subject_points(state: State, subject: str, points: int) -> int:
    """A subject's VP are halved (rounded down), and worth nothing when its player also runs the overlord."""
    overlord = state.overlords.get(subject)
    if not overlord or subject in state.full_vp_subjects:
        return points
    return 0 if seat_of(state, subject) == seat_of(state, overlord) else points // 2


def forced(state: State, nation: str, log: ActionLog) -> None:
    """Turns 27-28: the Dara Happans submit to the Alkorings whatever their size, then leave."""
    for entry in CONTENT.turn(state.turn).entries_of(nation):
        for event in entry.events:
            overlord = CONTENT.nations.resolve(event.params.get("overlord", nation))
            if event.type == "forced_submission":
                state.overlords[nation] = overlord
                if not event.params.get("halves_vp", True):
                    state.full_vp_subjects.append(nation)
                log.say(event.text)
            elif event.type == "end_submission" and state.overlords.get(nation) == overlord:
                del state.overlords[nation]
                state.full_vp_subjects = [n for n in state.full_vp_subjects if n != nation]
                log.say(event.text)
                vassals.return_troops(state, nation, overlord, log)  # free again: its troops come back


def submission_options(state: State) -> list[dict[str, str]]:
    """The defender may submit to the attacker during the attacker's combat step (if the rules let it): as a whole,
    or the Deathline zone of the battle alone (partial submission)."""
    battle = state.battle
    assert battle is not None
    found = []
    if not may_submit(state, battle.defender, battle.attacker):
        found.append({"type": "submit", "nation": battle.attacker})
    if not may_submit(state, battle.defender, battle.attacker, battle.zone):
        found.append({"type": "submit", "nation": battle.attacker, "zone": battle.zone})
    return found
