"""D&D: Conquest of Nerath: four realms, alliances, armies, warships, dragons and dungeons."""
