"""The old timeout default (`pending.actions[0]`) vs 3 random, seat-rotated, Wilson 95%;
the baseline of docs/ai.md, "Stand-ins". Run: `python -m bench.standin_baseline`."""

from ai import RandomBot
from ai.arena import wilson
from engine import Game


def main() -> None:
    wins = n = 0
    ranks = 0
    for g_i in range(50):
        for seat in range(4):  # the first-action player in every seat, same seed
            g = Game.new(4, 700000 + g_i)
            bots = {s: RandomBot(g_i * 10 + s) for s in range(4)}
            while not g.is_over:
                p = g.pending.seat
                a = g.legal_actions()[0] if p == seat else bots[p].choose(g)
                g.apply(a)
            r = g.ranking()
            n += 1
            wins += r[0] == seat
            ranks += r.index(seat) + 1
    lo, hi = wilson(wins, n)
    print(
        f"first-action vs 3 random: {wins}/{n} = {wins / n:.1%} ({lo:.1%}-{hi:.1%}), mean rank {ranks / n:.2f}"
    )


if __name__ == "__main__":
    main()
