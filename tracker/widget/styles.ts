/**
 * The widget's own stylesheet, inside its shadow root: `all: initial` on the host stops the page's inherited
 * fonts and colours, and the page's selectors cannot reach inside (so bare element selectors are safe here).
 * Colours are custom properties: the dark theme, and `auto` under a dark system preference, only swap them.
 */
const DARK = '--bg:#111827;--fg:#f9fafb;--muted:#9ca3af;--line:#374151;--accent:#a5b4fc';

export const STYLES = `:host{all:initial;display:inline-block}
.ff{--bg:#fff;--fg:#111827;--muted:#6b7280;--line:#e5e7eb;--accent:#4f46e5;padding:12px 14px;border:1px solid var(--line);border-radius:10px;background:var(--bg);color:var(--fg);font:13px/1.4 system-ui,sans-serif}
.ff-dark{${DARK}}
@media(prefers-color-scheme:dark){.ff-auto{${DARK}}}
.row{display:flex;align-items:flex-end;gap:14px}
b{display:block;font-size:20px}
span,a{color:var(--muted);font-size:12px}
svg{flex:1;min-width:80px;height:32px}
polyline{fill:none;stroke:var(--accent);stroke-width:1.5;vector-effect:non-scaling-stroke}
.foot{margin-top:6px}
i{display:inline-block;width:7px;height:7px;margin-right:5px;border-radius:50%;background:#22c55e}
a{margin-left:auto}`;
