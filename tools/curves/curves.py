#!/usr/bin/env python3
"""Figures and plots from `ldpc sim` CSV files (docs/curves/README.md).

  curves.py figures CSV...          Eb/N0 at FER 1e-2 per decoder, and every
                                    point's FER with its 95% intervals
  curves.py plot OUT.png TITLE CSV...
                                    FER of every decoder in the files, one
                                    PNG, 95% Clopper-Pearson error bars
                                    (needs gnuplot)

The crossing of FER 1e-2 is interpolated linearly in log10(FER) between the
two points that bracket it (the last point above and the first below).
"""
import csv
import math
import subprocess
import sys

TARGET_FER = 1e-2
Z95 = 1.959963984540054


def read_points(paths):
    """{decoder: [(ebn0, frames, frame_errors)]} sorted by Eb/N0, file order of decoders."""
    curves = {}
    for path in paths:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                curves.setdefault(row["decoder"], []).append(
                    (float(row["ebn0_db"]), int(row["frames"]), int(row["frame_errors"])))
    return {name: sorted(points) for name, points in curves.items()}


def wilson(errors, frames):
    p = errors / frames
    centre = (p + Z95 * Z95 / (2 * frames)) / (1 + Z95 * Z95 / frames)
    half = Z95 * math.sqrt(p * (1 - p) / frames + Z95 * Z95 / (4 * frames * frames)) / (
        1 + Z95 * Z95 / frames)
    return max(0.0, centre - half), min(1.0, centre + half)


def binomial_cdf(k, n, p):
    """P(X <= k) for X ~ Binomial(n, p), summed in log space."""
    if p <= 0.0:
        return 1.0
    if p >= 1.0:
        return 1.0 if k >= n else 0.0
    total = 0.0
    for i in range(k + 1):
        log_term = (math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) +
                    i * math.log(p) + (n - i) * math.log1p(-p))
        total += math.exp(log_term)
    return min(total, 1.0)


def solve(function, target):
    """p in [0, 1] where the decreasing function reaches target (bisection)."""
    low, high = 0.0, 1.0
    for _ in range(100):
        middle = (low + high) / 2
        if function(middle) > target:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def clopper_pearson(errors, frames):
    """Exact 95% interval: P(X >= errors | low) = P(X <= errors | high) = 2.5%."""
    low = 0.0 if errors == 0 else solve(lambda p: binomial_cdf(errors - 1, frames, p), 0.975)
    high = 1.0 if errors == frames else solve(lambda p: binomial_cdf(errors, frames, p), 0.025)
    return low, high


def interpolate(x0, f0, x1, f1, target=TARGET_FER):
    t = (math.log10(target) - math.log10(f0)) / (math.log10(f1) - math.log10(f0))
    return x0 + t * (x1 - x0)


def crossing(points, target=TARGET_FER):
    """(Eb/N0 where the FER falls through target, low, high), or None if not
    bracketed. low/high: the same interpolation through the lower (upper)
    Clopper-Pearson bounds of both bracketing points: a range, not a formal
    confidence interval."""
    for (x0, n0, e0), (x1, n1, e1) in zip(points, points[1:]):
        f0, f1 = e0 / n0, e1 / n1
        if f0 >= target > f1 > 0:
            (l0, h0), (l1, h1) = clopper_pearson(e0, n0), clopper_pearson(e1, n1)
            return (interpolate(x0, f0, x1, f1), interpolate(x0, l0, x1, l1),
                    interpolate(x0, h0, x1, h1))
    return None


def figures(paths):
    curves = read_points(paths)
    for name, points in curves.items():
        at = crossing(points)
        print(f"{name}: FER 1e-2 at " +
              (f"{at[0]:.3f} dB (range {at[1]:.3f} .. {at[2]:.3f})" if at else "(not bracketed)"))
        for x, frames, errors in points:
            w = wilson(errors, frames)
            cp = clopper_pearson(errors, frames)
            print(f"  {x:6.3f} dB  {errors:5d}/{frames:<6d} FER {errors / frames:.3e}  "
                  f"Wilson [{w[0]:.3e}, {w[1]:.3e}]  Clopper-Pearson [{cp[0]:.3e}, {cp[1]:.3e}]")


def plot(out_path, title, paths):
    curves = read_points(paths)
    script = [
        "set terminal png size 900,630 noenhanced",
        f"set output '{out_path}'",
        f"set title '{title}'",
        "set logscale y",
        "set format y '%.0e'",
        "set xlabel 'Eb/N0 (dB)'",
        "set ylabel 'frame error rate (95% Clopper-Pearson bars)'",
        "set grid",
        "set key bottom left",
        f"set arrow from graph 0, first {TARGET_FER} to graph 1, first {TARGET_FER} nohead dt 2",
    ]
    plots = []
    for index, (name, points) in enumerate(curves.items()):
        script.append(f"$c{index} << EOD")
        for x, frames, errors in points:
            if errors == 0:
                continue  # no place on a log axis
            low, high = clopper_pearson(errors, frames)
            script.append(f"{x} {errors / frames} {low} {high}")
        script.append("EOD")
        plots.append(f"$c{index} using 1:2:3:4 with yerrorlines lw 2 title '{name}'")
    script.append("plot " + ", ".join(plots))
    subprocess.run(["gnuplot"], input="\n".join(script) + "\n", text=True, check=True)


def main(argv):
    if len(argv) >= 3 and argv[1] == "figures":
        figures(argv[2:])
    elif len(argv) >= 5 and argv[1] == "plot":
        plot(argv[2], argv[3], argv[4:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
