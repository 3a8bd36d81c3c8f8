"""RL interfaces (issue: research interfaces, PettingZoo and OpenSpiel passing their own test suites)."""
