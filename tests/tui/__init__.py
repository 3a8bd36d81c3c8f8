"""The terminal table (issue: play in the terminal against bots, hot-seat, save, resume, replay)."""
