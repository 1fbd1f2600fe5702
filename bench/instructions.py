"""The `instructions` part of `make bench`: our handler's instructions and
allocations per GET, event and create, counted by callgrind (profile.py).

A count is the same on any machine, so unlike the ratios it is a check:
`run.py` exits 1 when a count is over its BUDGET, and `make bench-quick`
(which CI runs) runs this part. TARGETS are the performance issue's goals,
reported met / not met like every other target. A budget is the ceiling a
change must not cross; while a target is not met, its budget is the
latest count with a little room (callgrind's counts move by a few hundred
instructions with the sessions' ids and the clock), so that a regression
fails and an improvement can lower it.
"""
import os
import tempfile

import profile

SCENARIOS = ("get", "event", "create")
HANDLER = "our handler, in all"
ALLOCATIONS = "allocations (malloc calls)"

# (scenario, row): (target, budget). A met target is its own budget (the
# instructions per GET, event and create). Each budget of a target not met
# yet is the count measured when it was set (bench/README.md, "The
# instruction budget") plus about 5 % (one or two allocations). valgrind
# runs a binary the same way on any of these machines (the CPU it shows the
# program is its own); the room is for what varies with the sessions' ids,
# the clock and the request count.
LIMITS = {
    ("get", HANDLER): (15_000, 15_000),
    ("event", HANDLER): (45_000, 45_000),
    ("create", HANDLER): (45_000, 45_000),
    ("get", ALLOCATIONS): (10, 21),
    ("event", ALLOCATIONS): (20, 35),
}

# Requests per scenario: `make bench-quick` counts 1,000, `make bench`
# 2,000. Fewer than 1,000 lets what a fresh server pays once (the session
# tables growing, the allocator's first slabs) weigh on each create: ~470
# instructions more at 500 than at 2,000.
QUICK_REQUESTS = 1000
FULL_REQUESTS = 2000
LABELS = {HANDLER: "our handler's instructions", ALLOCATIONS: "allocations (malloc calls, the whole process)"}


def measure(binary, workdir, quick):
    """{scenario: {row: per request}} for the three scenarios."""
    count = QUICK_REQUESTS if quick else FULL_REQUESTS
    rows = {}
    for scenario in SCENARIOS:
        out = os.path.join(tempfile.mkdtemp(prefix="callgrind-", dir=workdir), f"callgrind.{scenario}.out")
        profile.profile_one(binary, scenario, count, workdir, out)
        rows[scenario] = profile.summarize(out, count)
    return {"requests": count, "rows": rows}


def targets(instructions):
    """[(measure, value, op, bound)] for report.targets: the issue's targets."""
    return [(f"per {scenario}, {LABELS[row]} (callgrind)", instructions["rows"][scenario][row], "<=", target)
            for (scenario, row), (target, _) in LIMITS.items()]


def over_budget(instructions):
    """The lines to print for each count over its budget (none: the check passes)."""
    return [f"over budget: per {scenario}, {LABELS[row]}: "
            f"{instructions['rows'][scenario][row]:,.0f} > {budget:,}"
            for (scenario, row), (_, budget) in LIMITS.items() if instructions["rows"][scenario][row] > budget]


def markdown(instructions):
    return "\n" + profile.markdown(instructions["rows"], instructions["requests"])


def self_test():
    """The check itself (`make lint` runs this): a count over its budget is
    reported and fails the run, one at its budget is not."""
    at_budget = {scenario: {row: float(budget) for (s, row), (_, budget) in LIMITS.items() if s == scenario}
                 for scenario in SCENARIOS}
    for scenario in SCENARIOS:
        at_budget[scenario].setdefault(HANDLER, 0.0)
    assert over_budget({"requests": 1, "rows": at_budget}) == [], "a count at its budget failed"
    for (scenario, row), (target, budget) in LIMITS.items():
        rows = {s: dict(values) for s, values in at_budget.items()}
        rows[scenario][row] = budget + 1
        over = over_budget({"requests": 1, "rows": rows})
        assert len(over) == 1 and f"per {scenario}" in over[0], f"{scenario} {row}: {over}"
        assert target <= budget, f"{scenario} {row}: a target above its budget"
    print(f"instructions self-test: each of the {len(LIMITS)} budgets fails one count over it, none at it")


if __name__ == "__main__":
    self_test()
