#!/usr/bin/env python3
"""Plots and figures of the nonbinary curves (docs/curves/nonbinary/README.md), from
`ldpc sim` CSV files.

  nonbinary_plots.py fer OUT.png TITLE CSV...
      FER of every decoder in the files (gnuplot), 95% Clopper-Pearson bars (curves.py)
  nonbinary_plots.py iterations OUT.png TITLE CSV...
      mean iterations of every decoder
  nonbinary_plots.py figures CSV...
      per file and decoder: Eb/N0 at FER 1e-2, every point's FER with its interval, SER
      and mean iterations
"""
import csv
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import curves  # noqa: E402  (tools/curves/curves.py: intervals, crossings, the FER plot)


def read_rows(paths):
    """{decoder: [(ebn0, frames, frame_errors, ser, avg_iterations)]}, file order."""
    rows = {}
    for path in paths:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                rows.setdefault(row["decoder"], []).append(
                    (float(row["ebn0_db"]), int(row["frames"]), int(row["frame_errors"]),
                     float(row["ser"]), float(row["avg_iterations"])))
    return {name: sorted(points) for name, points in rows.items()}


def iterations(out_path, title, paths):
    script = [
        "set terminal png size 900,600 noenhanced",
        f"set output '{out_path}'",
        f"set title '{title}'",
        "set xlabel 'Eb/N0 (dB)'",
        "set ylabel 'mean iterations (early termination)'",
        "set grid",
        "set key top right",
    ]
    plots = []
    for index, (name, points) in enumerate(read_rows(paths).items()):
        script.append(f"$c{index} << EOD")
        script.extend(f"{x} {mean}" for x, _, _, _, mean in points)
        script.append("EOD")
        plots.append(f"$c{index} using 1:2 with linespoints lw 2 title '{name}'")
    script.append("plot " + ", ".join(plots))
    subprocess.run(["gnuplot"], input="\n".join(script) + "\n", text=True, check=True)


def figures(paths):
    for path in paths:  # one file at a time: files share decoder names
        print(f"# {os.path.basename(path)}")
        figures_of(path)


def figures_of(path):
    for name, points in read_rows([path]).items():
        at = curves.crossing([(x, n, e) for x, n, e, _, _ in points])
        print(f"{name}: FER 1e-2 at " +
              (f"{at[0]:.3f} dB (range {at[1]:.3f} .. {at[2]:.3f})" if at else "(not bracketed)"))
        for x, frames, errors, ser, mean in points:
            low, high = curves.clopper_pearson(errors, frames)
            print(f"  {x:5.2f} dB  {errors:4d}/{frames:<6d} FER {errors / frames:.2e} "
                  f"[{low:.1e}, {high:.1e}]  SER {ser:.2e}  iterations {mean:.2f}")


def main(argv):
    if len(argv) >= 5 and argv[1] == "fer":
        curves.plot(argv[2], argv[3], argv[4:])
    elif len(argv) >= 5 and argv[1] == "iterations":
        iterations(argv[2], argv[3], argv[4:])
    elif len(argv) >= 3 and argv[1] == "figures":
        figures(argv[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
