"""Render the review report: one self-contained HTML page (inline CSS and JS, no network).

Per document: the original text with each replaced span highlighted by label in displaCy's span style
(a coloured bar under the span, the label at its start; displaCy's colours where it has one for the
label), the anonymized text with each replacement highlighted, and the replacement table. Filters by
label, source and minimum score run in the page (they hide highlights and table rows, never text);
totals per label head the page. Every value is HTML-escaped; the page loads nothing.

displaCy's own renderer (`spacy.displacy.render(style="span")`) joins tokens with spaces and cannot carry
a span's source or score, which the filters need; this keeps its look and the exact text.
"""
import html
import json
from typing import Dict, List, Optional, Sequence

from spacy.displacy.render import DEFAULT_LABEL_COLORS

from spacy_anon.review.records import ReviewDoc, ReviewSpan, label_totals

# displaCy's colours, with entries for this package's categories it lacks.
LABEL_COLORS: Dict[str, str] = {
    **DEFAULT_LABEL_COLORS,
    "PERSON": "#aa9cfc", "LOC": "#ff9561", "ORG": "#7aecec", "DATETIME": "#bfe1d9", "CONTACT": "#e4e7d2",
    "CODE": "#feca74", "ID": "#ff8197", "DEM": "#c887fb", "QUANTITY": "#e4e7d2", "AGE": "#bfeeb7",
    "MISC": "#9cc9cc",
}
FALLBACK_COLORS = ("#f0b8d0", "#b8d8f0", "#d8f0b8", "#f0d8b8", "#c8b8f0", "#b8f0e0")

CSS = """
body{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;margin:0;color:#222;
background:#fafafa}
header{position:sticky;top:0;background:#fff;border-bottom:1px solid #ddd;padding:.6em 1.2em;z-index:2}
h1{font-size:1.3em;margin:.2em 0}
.warning{color:#a00;font-weight:600}
.filters{display:flex;flex-wrap:wrap;gap:1.2em;align-items:flex-start;font-size:.9em}
.filters fieldset{border:1px solid #ddd;padding:.2em .6em}
.filters label{margin-right:.6em;white-space:nowrap}
table{border-collapse:collapse;font-size:.9em;margin:.4em 0}
td,th{border:1px solid #ddd;padding:.2em .5em;text-align:left;vertical-align:top}
main{padding:0 1.2em 2em}
article{background:#fff;border:1px solid #ddd;border-radius:4px;margin:1em 0;padding:.6em 1em}
h2{font-size:1.05em;margin:.2em 0 .6em}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:1.2em}
.text{white-space:pre-wrap;line-height:2.6;font-size:15px}
.span{position:relative;padding-bottom:4px;border-bottom:4px solid var(--c);margin-top:16px}
.span .tag{position:absolute;left:0;top:-1.55em;font-size:9px;font-weight:700;line-height:1;
background:var(--c);padding:2px 3px;border-radius:2px;white-space:nowrap;text-transform:uppercase}
.span.off{border-bottom-color:transparent}
.span.off .tag{display:none}
tr.off{display:none}
.swatch{display:inline-block;width:.8em;height:.8em;background:var(--c);margin-right:.3em;border-radius:2px}
.muted{color:#777}
"""

JS = """
(function(){
  function checked(name){
    var on={};document.querySelectorAll('input[name="'+name+'"]').forEach(function(i){on[i.value]=i.checked;});
    return on;}
  function apply(){
    var labels=checked('label'),sources=checked('source');
    var min=parseFloat(document.getElementById('min-score').value)||0;
    document.getElementById('min-score-value').textContent=min.toFixed(2);
    var shown={};
    document.querySelectorAll('[data-label]').forEach(function(el){
      var s=el.getAttribute('data-score');var score=s===''?1:parseFloat(s);
      var on=labels[el.getAttribute('data-label')]!==false&&sources[el.getAttribute('data-source')]!==false&&score>=min;
      el.classList.toggle('off',!on);
      if(on&&el.tagName==='TR'){var l=el.getAttribute('data-label');shown[l]=(shown[l]||0)+1;}
    });
    document.querySelectorAll('[data-total]').forEach(function(td){
      td.textContent=shown[td.getAttribute('data-total')]||0;});
  }
  // a filter can be preset in the address: #min=0.5&labels=PERSON,LOC&sources=anon_crf
  var preset={};location.hash.replace(/^#/,'').split('&').forEach(function(kv){
    var i=kv.indexOf('=');if(i>0){preset[kv.slice(0,i)]=decodeURIComponent(kv.slice(i+1));}});
  if(preset.min){document.getElementById('min-score').value=preset.min;}
  [['labels','label'],['sources','source']].forEach(function(p){
    if(preset[p[0]]===undefined){return;}var keep=preset[p[0]].split(',');
    document.querySelectorAll('input[name="'+p[1]+'"]').forEach(function(i){i.checked=keep.indexOf(i.value)>=0;});});
  document.querySelectorAll('.filters input').forEach(function(i){i.addEventListener('input',apply);
    i.addEventListener('change',apply);});
  apply();
  document.body.setAttribute('data-filters','ready');
})();
"""


def _e(value: object) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def color_for(label: str, palette: Dict[str, str]) -> str:
    if label.upper() in LABEL_COLORS:
        return LABEL_COLORS[label.upper()]
    if label not in palette:
        palette[label] = FALLBACK_COLORS[len(palette) % len(FALLBACK_COLORS)]
    return palette[label]


def _attrs(span: ReviewSpan) -> str:
    score = "" if span.score is None else f"{span.score:.4f}"
    return (f'data-label="{_e(span.label)}" data-source="{_e(span.source or "unknown")}" '
            f'data-score="{score}"')


def highlight(text: str, spans: Sequence[ReviewSpan], offsets: Sequence[tuple], palette: Dict[str, str]) -> str:
    """`text` with each (start, end) of `offsets` (one per span, in order, not overlapping) marked."""
    parts: List[str] = []
    pos = 0
    for span, (start, end) in sorted(zip(spans, offsets), key=lambda p: p[1]):
        parts.append(_e(text[pos:start]))
        parts.append(f'<mark class="span" {_attrs(span)} style="--c:{color_for(span.label, palette)}">'
                     f'<span class="tag">{_e(span.label)}</span>{_e(text[start:end])}</mark>')
        pos = end
    parts.append(_e(text[pos:]))
    return "".join(parts)


def anonymized_offsets(doc: ReviewDoc) -> Optional[List[tuple]]:
    """Where each replacement stands in the anonymized text, or None when the record does not add up."""
    offsets, shift = [], 0
    for span in doc.spans:
        start = span.start + shift
        end = start + len(span.replacement)
        if doc.anonymized[start:end] != span.replacement:
            return None
        offsets.append((start, end))
        shift += len(span.replacement) - (span.end - span.start)
    return offsets if len(doc.text) + shift == len(doc.anonymized) else None


def _doc_section(doc: ReviewDoc, index: int, palette: Dict[str, str]) -> str:
    original = highlight(doc.text, doc.spans, [(s.start, s.end) for s in doc.spans], palette)
    offsets = anonymized_offsets(doc)
    if offsets is None:
        anonymized = _e(doc.anonymized) + '<p class="muted">(the replacements could not be located)</p>'
    else:
        anonymized = highlight(doc.anonymized, doc.spans, offsets, palette)
    rows = "".join(
        f'<tr {_attrs(s)}><td><span class="swatch" style="--c:{color_for(s.label, palette)}"></span>'
        f'{_e(s.label)}</td><td>{_e(s.text)}</td><td>{_e(s.replacement)}</td><td>{_e(s.entity)}</td>'
        f'<td>{_e(s.identifier)}</td><td>{_e(s.source)}</td>'
        f'<td>{"" if s.score is None else f"{s.score:.2f}"}</td><td>{s.start}-{s.end}</td></tr>'
        for s in doc.spans)
    table = ('<table class="replacements"><thead><tr><th>label</th><th>original</th><th>replacement</th>'
             '<th>entity</th><th>identifier</th><th>source</th><th>score</th><th>offsets</th></tr></thead>'
             f'<tbody>{rows}</tbody></table>') if doc.spans else '<p class="muted">nothing replaced</p>'
    return (f'<article class="doc" id="doc-{index}"><h2>{_e(doc.id)} <span class="muted">'
            f'({len(doc.spans)} span{"" if len(doc.spans) == 1 else "s"})</span></h2>'
            f'<div class="cols"><section><h3>original</h3><div class="text original">{original}</div></section>'
            f'<section><h3>anonymized</h3><div class="text anonymized">{anonymized}</div></section></div>'
            f'{table}</article>')


def render_report(docs: Sequence[ReviewDoc], title: str = "spacy-anon review") -> str:
    """The whole page as one string."""
    docs = list(docs)
    palette: Dict[str, str] = {}
    totals = label_totals(docs)
    sources = sorted({s.source or "unknown" for d in docs for s in d.spans})
    scores = [s.score for d in docs for s in d.spans if s.score is not None]
    label_boxes = "".join(
        f'<label><input type="checkbox" name="label" value="{_e(label)}" checked>'
        f'<span class="swatch" style="--c:{color_for(label, palette)}"></span>{_e(label)}</label>'
        for label in totals)
    source_boxes = "".join(f'<label><input type="checkbox" name="source" value="{_e(src)}" checked>{_e(src)}'
                           "</label>" for src in sources)
    total_rows = "".join(f'<tr><td>{_e(label)}</td><td>{count}</td><td data-total="{_e(label)}">{count}</td></tr>'
                         for label, count in totals.items())
    summary = (f"{len(docs)} document{'' if len(docs) == 1 else 's'}, {sum(totals.values())} spans"
               + (f", scores {min(scores):.2f}-{max(scores):.2f}" if scores else ""))
    body = "".join(_doc_section(doc, i, palette) for i, doc in enumerate(docs))
    meta = json.dumps({"documents": len(docs), "spans": sum(totals.values())})
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        "script-src 'unsafe-inline'\">"
        f"<title>{_e(title)}</title><style>{CSS}</style></head><body>"
        f'<header><h1>{_e(title)}</h1><p class="warning">This page holds original values: keep it as you '
        f'keep the documents.</p><p class="muted" id="summary" data-meta="{_e(meta)}">{_e(summary)}</p>'
        '<div class="filters">'
        f'<fieldset id="filter-label"><legend>label</legend>{label_boxes}</fieldset>'
        f'<fieldset id="filter-source"><legend>source</legend>{source_boxes}</fieldset>'
        '<fieldset id="filter-score"><legend>minimum score</legend><input type="range" id="min-score" '
        'min="0" max="1" step="0.05" value="0"> <span id="min-score-value">0.00</span></fieldset>'
        '<fieldset><legend>totals per label</legend><table id="totals"><thead><tr><th>label</th>'
        f'<th>total</th><th>shown</th></tr></thead><tbody>{total_rows}</tbody></table></fieldset>'
        "</div></header>"
        f"<main>{body}</main><script>{JS}</script></body></html>\n"
    )
