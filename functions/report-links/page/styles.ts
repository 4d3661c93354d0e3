/**
 * The page's one stylesheet, inline (the page's CSP allows inline styles and nothing else): a
 * two-column grid of figures that becomes one column under 600 px, and an A4 print layout whose
 * charts, figures and table rows do not split across pages (docs/decisions.md "Report links").
 * Colours keep WCAG AA contrast; charts are told apart by shape, not colour.
 */
export const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
main{max-width:60rem;margin:0 auto;padding:1.5rem}
header p{margin:.25rem 0;color:#404040}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 .5rem}
h2{font-size:1.25rem;margin:2rem 0 .75rem;border-bottom:1px solid #d0d0d0;padding-bottom:.25rem}
.figures{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.75rem;margin:0;padding:0}
.figure{border:1px solid #d0d0d0;border-radius:6px;padding:.75rem;break-inside:avoid}
.figure dt{font-weight:600;color:#404040}
.figure dd{margin:0}
.figure .value{font-size:1.5rem;font-weight:700;color:#1a1a1a}
.figure .basis{font-size:.875rem;color:#404040}
figure{margin:0 0 1.5rem;break-inside:avoid}
figcaption{font-weight:600;margin-bottom:.25rem}
svg{width:100%;height:auto;display:block}
svg text{font-size:11px;fill:#1a1a1a}
.axis{stroke:#404040;stroke-width:1}
.grid{stroke:#d0d0d0;stroke-width:1;stroke-dasharray:3 3}
.line{fill:none;stroke:#1a4f8b;stroke-width:2}
.dot{fill:#1a4f8b}
.bar{fill:#5a5a5a}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #d0d0d0;vertical-align:top}
td.num,th.num{text-align:right;white-space:nowrap}
tr{break-inside:avoid}
thead{display:table-header-group}
ul{padding-left:1.25rem}
.note{border-left:4px solid #404040;padding:.5rem .75rem;background:#f4f4f4}
a{color:#1a4f8b}
footer{margin-top:2rem;font-size:.875rem;color:#404040}
@media (max-width:599px){
  main{padding:1rem}
  .figures{grid-template-columns:1fr}
  h1{font-size:1.4rem}
}
@page{size:A4;margin:15mm}
@media print{
  body{font-size:11pt}
  main{max-width:none;padding:0}
  .table-wrap{overflow:visible}
  h2{break-after:avoid}
  a{color:#1a1a1a}
}
`;
