"""What players read and type: the lines the table shows (events, recaps, the finale, the next step, rules pages,
/info answers) and the reading of what they type (action words, names, durations)."""
