"""Small World Underground: pick a race and a power, conquer the caverns, decline, score the most coins."""
