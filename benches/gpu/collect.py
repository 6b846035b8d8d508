"""Join Nsight Compute's CSV (one kernel launch per pattern, in order) with patterns.csv.

Prints name,op,width,wavefronts,bank_conflicts: the ld metrics for loads, the st metrics for stores.
"""
import csv
import sys

patterns = list(csv.DictReader(open(sys.argv[1])))
# ncu's CSV rows are quoted; its ==PROF== lines and the probe's own output are not.
lines = [l for l in open(sys.argv[2]).read().splitlines() if l.startswith('"')]
by_id = {}
for row in csv.DictReader(lines):
    value = row["Metric Value"].replace(",", "")
    try:
        by_id.setdefault(int(row["ID"]), {})[row["Metric Name"]] = int(float(value))
    except ValueError:
        sys.exit(f"launch {row['ID']}: {row['Metric Name']} = {row['Metric Value']!r}")
if len(by_id) != len(patterns):
    sys.exit(f"{len(by_id)} profiled launches for {len(patterns)} patterns")
print("name,op,width,wavefronts,bank_conflicts")
for i, p in enumerate(patterns):
    m = by_id[i]
    op = p["op"]
    w = m[f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum"]
    c = m[f"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{op}.sum"]
    print(f"{p['name']},{op},{p['width']},{w},{c}")
