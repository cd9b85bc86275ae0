"""placeholder"""
class NormalBot:
    level = "normal"
    def choose(self, view, legal, rng):
        return legal[0]
    def explain(self, view):
        return view.actions[0], "x"
def rank_candidates(view, legal):
    return list(legal)
