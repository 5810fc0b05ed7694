"""A benchmark's ratios as an SVG bar chart, without plotting libraries: one horizontal bar per
row on a log scale around 1x, drawn right of the line where graphring is the faster side."""

import html
import math


def ratio_chart(path, title, rows, faster_when_above):
    """Writes an SVG to `path`. rows: (label, ratio) pairs; faster_when_above: True when a ratio
    above 1 means graphring is faster (a speedup), False when below 1 does (a time ratio)."""
    width, left, bar, gap, top = 900, 380, 18, 6, 50
    ratios = [r for _, r in rows if r > 0]
    span = max([2.0] + [abs(math.log10(r)) for r in ratios]) * 1.1
    scale = (width - left - 80) / (2 * span)
    middle = left + (width - left - 80) / 2
    height = top + len(rows) * (bar + gap) + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<text x="10" y="20" font-size="14">{html.escape(title)}</text>',
           f'<text x="{middle:.0f}" y="40" text-anchor="middle">1x (log scale; green: '
           f'graphring faster)</text>']
    for i, (label, ratio) in enumerate(rows):
        y = top + i * (bar + gap)
        x = math.log10(ratio) * scale if ratio > 0 else 0
        faster = (ratio > 1) == faster_when_above
        colour = "#2e8b57" if faster else "#c0504d"
        start = middle + min(0, x)
        out.append(f'<text x="{left - 8}" y="{y + 13}" text-anchor="end">'
                   f'{html.escape(label)}</text>')
        out.append(f'<rect x="{start:.1f}" y="{y}" width="{max(abs(x), 1):.1f}" height="{bar}" '
                   f'fill="{colour}"/>')
        out.append(f'<text x="{middle + max(0, x) + 4:.1f}" y="{y + 13}">{ratio:.3g}x</text>')
    out.append(f'<line x1="{middle:.1f}" y1="{top - 4}" x2="{middle:.1f}" y2="{height - 30}" '
               'stroke="black"/>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
