#!/usr/bin/env python3
"""Times commands on one input file, whole process, in alternating runs.

    measure.py --runs N [--pin CPU] --out FILE.json INPUT name=command ...

Each round runs every command once, in the order given, with INPUT on standard input and
standard output discarded (`taskset -c CPU` in front when --pin is given); after one warm-up
round, N rounds are kept. For each run: wall time (perf_counter around the process) and CPU time
(user + system of the child, from getrusage). Writes {"input", "pin", "results": {name:
{"command", "wall": [...], "cpu": [...]}}} and prints the medians.
"""
import argparse, json, resource, shlex, statistics, subprocess, time

p = argparse.ArgumentParser()
p.add_argument("--runs", type=int, default=5)
p.add_argument("--pin")
p.add_argument("--out", required=True)
p.add_argument("input")
p.add_argument("commands", nargs="+")
a = p.parse_args()

cmds = [c.split("=", 1) for c in a.commands]
res = {name: {"command": cmd, "wall": [], "cpu": []} for name, cmd in cmds}


def once(cmd):
    argv = shlex.split(cmd)
    if a.pin is not None:
        argv = ["taskset", "-c", a.pin] + argv
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(a.input, "rb") as stdin:
        t = time.perf_counter()
        subprocess.run(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


for round_ in range(a.runs + 1):
    for name, cmd in cmds:
        wall, cpu = once(cmd)
        if round_ > 0:
            res[name]["wall"].append(wall)
            res[name]["cpu"].append(cpu)

with open(a.out, "w") as f:
    json.dump({"input": a.input, "pin": a.pin, "results": res}, f, indent=1)
for name, r in res.items():
    print(f"{name}: wall {statistics.median(r['wall']):.4f} s, cpu {statistics.median(r['cpu']):.4f} s")
