"""Dragon Dice: armies of dice manoeuvre on terrain dice to capture two terrains."""
