"""Die Macher 2019 adapters for interfaces, named in the game's spec and imported only when asked for."""
